import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

// Typographic wordmarks set in system fonts: names, not borrowed logos.
const universities: Array<{ name: string; style: string }> = [
  { name: 'MIT', style: 'font-sans font-black tracking-tight' },
  { name: 'FSU', style: 'font-serif font-bold tracking-widest' },
  { name: 'Northwestern', style: 'font-serif font-semibold' },
  { name: 'Columbia', style: 'font-serif italic' },
  { name: 'Stanford', style: 'font-serif font-bold' },
  { name: 'NYU', style: 'font-sans font-extrabold tracking-wider' },
  { name: 'Harvard', style: 'font-serif font-semibold uppercase tracking-[0.2em]' },
  { name: 'Dartmouth', style: 'font-serif' },
];

/** MARQUEE_MS and MARQUEE_HOVER_MS: one loop takes 60 s, and 100 s while hovered. */
export const MARQUEE_MS = 60_000;
export const MARQUEE_HOVER_MS = 100_000;

// Each list carries the 120px gap after every name, so moving the track by
// half its width (one list) loops without a seam.
function List({ hidden }: { hidden?: boolean }) {
  return (
    <ul
      className={cn(
        'flex items-center gap-[120px] pr-[120px]',
        'motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-12 motion-reduce:gap-y-6 motion-reduce:px-4',
        hidden && 'motion-reduce:hidden',
      )}
      aria-hidden={hidden ? 'true' : undefined}
      data-marquee-list={hidden ? 'copy' : 'main'}
    >
      {universities.map((u) => (
        <li key={u.name} className={cn('whitespace-nowrap text-2xl text-slate-600 sm:text-3xl', u.style)}>
          {u.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * UniversityMarquee scrolls the names of schools whose students pay with
 * Crebit. It runs on the Web Animations API, so hovering slows it down
 * (60 s to 100 s a loop) without a jump; it stands still for visitors who
 * prefer reduced motion.
 */
export function UniversityMarquee() {
  const { t } = useTranslation('marketing');
  const track = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);

  useEffect(() => {
    const el = track.current;
    if (!el || typeof el.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const a = el.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-50%)' }], {
      duration: MARQUEE_MS,
      iterations: Infinity,
      easing: 'linear',
    });
    animation.current = a;
    return () => {
      a.cancel();
      animation.current = null;
    };
  }, []);

  const setSpeed = (ms: number) => animation.current?.updatePlaybackRate(MARQUEE_MS / ms);

  return (
    <section aria-labelledby="trusted-by" className="border-y border-slate-200 bg-slate-50 py-10">
      <h2 id="trusted-by" className="px-4 text-center text-sm font-semibold uppercase tracking-widest text-slate-600">
        {t('marquee.caption')}
      </h2>
      <div
        data-marquee
        className="mt-6 overflow-hidden [mask-image:linear-gradient(to_right,transparent,#000_8%,#000_92%,transparent)] motion-reduce:[mask-image:none]"
        onPointerEnter={() => setSpeed(MARQUEE_HOVER_MS)}
        onPointerLeave={() => setSpeed(MARQUEE_MS)}
      >
        <div ref={track} data-marquee-track className="flex w-max motion-reduce:w-auto motion-reduce:justify-center">
          <List />
          <List hidden />
        </div>
      </div>
    </section>
  );
}
