import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './toast-store';

// The Radix toast code (about 10 KB gzipped) is loaded with the first toast,
// not with the first page: it is not needed before someone does something.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

let wanted = false;

/** LazyToaster mounts the real Toaster once any toast has been queued. */
export function LazyToaster() {
  const count = useSyncExternalStore(subscribeToasts, () => getToasts().length, () => 0);
  if (count > 0) wanted = true;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
