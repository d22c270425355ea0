import { useEffect, useState } from 'react';

/**
 * useAfterLoad turns true once the page has loaded and the browser has had an
 * idle moment. Calls that only refresh figures already on screen (the live
 * rates) wait for it, so they never compete with the first paint.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setReady(true), 0);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') {
      idle();
    } else {
      window.addEventListener('load', idle, { once: true });
      cancel = () => window.removeEventListener('load', idle);
    }
    return () => cancel();
  }, []);
  return ready;
}
