import { useEffect, type RefObject } from 'react';

/**
 * revealClass goes on every [data-reveal] section: hidden and lowered while
 * pending, faded and slid in once shown.
 */
export const revealClass =
  'data-[reveal-state=pending]:translate-y-7 data-[reveal-state=pending]:opacity-0 ' +
  'data-[reveal-state=shown]:transition-[opacity,transform] data-[reveal-state=shown]:duration-700 data-[reveal-state=shown]:ease-out';

/**
 * useReveal fades and slides in every [data-reveal] element inside the
 * container once 10% of it is visible. Elements already on the first screen
 * are never hidden (no effect on the largest paint), nothing is hidden when
 * the visitor prefers reduced motion or the browser lacks
 * IntersectionObserver, and the content is in the page from the start.
 * Pass ready=false until the sections are mounted.
 */
export function useReveal(container: RefObject<HTMLElement | null>, ready = true) {
  useEffect(() => {
    const root = container.current;
    if (!ready || !root || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          (entry.target as HTMLElement).dataset.revealState = 'shown';
          observer.unobserve(entry.target);
        }
      },
      { threshold: 0.1 },
    );
    // Read every position first, then write: one layout, not one per section.
    const below = Array.from(root.querySelectorAll<HTMLElement>('[data-reveal]')).filter(
      (el) => el.getBoundingClientRect().top >= window.innerHeight,
    );
    for (const el of below) {
      el.dataset.revealState = 'pending';
      observer.observe(el);
    }
    return () => observer.disconnect();
  }, [container, ready]);
}
