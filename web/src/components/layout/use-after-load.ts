import { useEffect, useState } from 'react';

function loaded(): boolean {
  return typeof document !== 'undefined' && document.readyState === 'complete';
}

/**
 * useAfterLoad turns true once the page's own files have loaded (at once
 * after a navigation inside the app). Calls that only refresh figures already
 * on screen (the live rates) wait for it, so they never compete with the
 * first paint; they do not wait for an idle moment as well: on a busy page
 * requestIdleCallback only fired at its 1 s timeout, so "Ver cotação ao vivo"
 * showed the live rate about 1.0 s after a click the server answered in
 * ~25 ms (issue 26, item 14).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    if (loaded()) {
      setReady(true);
      return;
    }
    const onLoad = () => setReady(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [ready]);
  return ready;
}
