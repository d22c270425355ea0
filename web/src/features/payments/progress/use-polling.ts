import { useEffect, useRef } from 'react';

export interface PollingOptions {
  enabled: boolean;
  intervalMs: number;
  /** maxMs: polling stops this long after startedAt (a reload does not extend it). */
  maxMs: number;
  startedAt: number;
}

/**
 * usePolling runs task at once and then intervalMs after each run ends,
 * until the task returns true, maxMs have passed since startedAt, or it is
 * disabled. A failed run is logged and ignored: polling goes on.
 */
export function usePolling(task: (signal: AbortSignal) => Promise<boolean | void>, { enabled, intervalMs, maxMs, startedAt }: PollingOptions): void {
  const taskRef = useRef(task);
  useEffect(() => {
    taskRef.current = task;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const run = async () => {
      let done = false;
      try {
        done = (await taskRef.current(controller.signal)) === true;
      } catch (err) {
        if (controller.signal.aborted) return;
        console.warn('payment status poll failed; polling continues', err);
      }
      if (stopped || done) return;
      if (Date.now() - startedAt >= maxMs) return;
      timer = setTimeout(run, intervalMs);
    };
    void run();

    return () => {
      stopped = true;
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, intervalMs, maxMs, startedAt]);
}
