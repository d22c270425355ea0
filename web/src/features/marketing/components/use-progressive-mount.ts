import { startTransition, useEffect, useState } from 'react';

function later(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 300 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 0);
  return () => window.clearTimeout(id);
}

/**
 * useProgressiveMount returns how many of a page's later sections to render:
 * none in the first render, then one more in each following idle moment.
 * The first screen paints at once, and the sections below it arrive in small
 * renders that each leave the main thread free, instead of one long task
 * that would delay a visitor's first tap.
 */
export function useProgressiveMount(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    return later(() => startTransition(() => setCount((c) => c + 1)));
  }, [count, total]);
  return count;
}
