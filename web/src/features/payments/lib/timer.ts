// The quote and payment countdown, as pure functions of the clock.

/** secondsLeft is the whole seconds until the deadline, never negative. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** formatCountdown shows seconds as m:ss (4:59, 0:07). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * localDeadline turns a server expires_at into a deadline on this browser's
 * clock. serverStartIso is a server time known to be "about now" when the
 * answer arrived (a payment's created_at, or expires_at minus the quote TTL),
 * so a browser whose clock is off still counts the server's 5 minutes.
 * Without it the server's time is taken as is.
 */
export function localDeadline(expiresAtIso: string, receivedAtMs: number, serverStartIso?: string | null): number {
  const expires = Date.parse(expiresAtIso);
  if (!Number.isFinite(expires)) return receivedAtMs;
  const start = serverStartIso ? Date.parse(serverStartIso) : Number.NaN;
  if (!Number.isFinite(start)) return expires;
  const skew = start - receivedAtMs;
  // Small differences are network time, not a wrong clock.
  return Math.abs(skew) < 5_000 ? expires : expires - skew;
}

/** TimerPhase is what the countdown shows and whether it has ended. */
export interface TimerView {
  seconds: number;
  warning: boolean;
  expired: boolean;
}

/**
 * timerView decides what the countdown shows: a stopped timer (the pay-in is
 * processing) shows 0:00 and never expires; otherwise 0 means expired.
 */
export function timerView(deadlineMs: number | null, nowMs: number, stopped: boolean, warningSeconds = 60): TimerView {
  if (stopped) return { seconds: 0, warning: false, expired: false };
  if (deadlineMs === null) return { seconds: 0, warning: false, expired: false };
  const seconds = secondsLeft(deadlineMs, nowMs);
  return { seconds, warning: seconds <= warningSeconds, expired: seconds === 0 };
}
