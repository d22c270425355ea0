import { useEffect, useRef, useState } from 'react';
import { WARNING_SECONDS } from '@/features/payments/lib/country';
import { timerView, type TimerView } from '@/features/payments/lib/timer';

export interface CountdownOptions {
  /** deadline on this browser's clock (ms), or null when there is nothing to count. */
  deadline: number | null;
  /** active: the timer counts (steps 5 and 6). */
  active: boolean;
  /** stopped: the pay-in is processing; the timer shows 0:00 and never expires. */
  stopped: boolean;
  /** onExpire runs once per deadline when the countdown reaches 0 while active. */
  onExpire: () => void;
  warningSeconds?: number;
  tickMs?: number;
}

/** useCountdown counts down to a deadline and reports its expiry once. */
export function useCountdown({ deadline, active, stopped, onExpire, warningSeconds = WARNING_SECONDS, tickMs = 500 }: CountdownOptions): TimerView {
  const [, setTick] = useState(0);
  const onExpireRef = useRef(onExpire);
  const firedFor = useRef<number | null>(null);

  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  useEffect(() => {
    if (!active || deadline === null || stopped) return;
    const id = setInterval(() => setTick((n) => n + 1), tickMs);
    return () => clearInterval(id);
  }, [active, deadline, stopped, tickMs]);

  // The clock is read while rendering so a new deadline never shows a stale time.
  const view = timerView(deadline, Date.now(), stopped, warningSeconds);

  useEffect(() => {
    if (active && view.expired && deadline !== null && firedFor.current !== deadline) {
      firedFor.current = deadline;
      onExpireRef.current();
    }
  }, [active, view.expired, deadline]);

  return view;
}
