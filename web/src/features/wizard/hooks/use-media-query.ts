import { useSyncExternalStore } from 'react';

/** MOBILE_QUERY: phones and touch-first devices get the text date-of-birth field. */
export const MOBILE_QUERY = '(max-width: 767px), (pointer: coarse)';

/** useMediaQuery follows a CSS media query (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
