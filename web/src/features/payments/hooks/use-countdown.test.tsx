import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const start = Date.parse('2026-11-22T10:00:00Z');

  it('counts down from 5:00 and expires once at 0', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useCountdown({ deadline: start + 300_000, active: true, stopped: false, onExpire }));
    expect(result.current.seconds).toBe(300);
    act(() => vi.advanceTimersByTime(240_000));
    expect(result.current).toEqual({ seconds: 60, warning: true, expired: false });
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.seconds).toBe(1);
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.expired).toBe(true);
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('a stopped timer shows 0 and never expires', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useCountdown({ deadline: start + 5_000, active: true, stopped: true, onExpire }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toEqual({ seconds: 0, warning: false, expired: false });
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('an inactive timer does not expire; a new deadline restarts it', () => {
    const onExpire = vi.fn();
    const { result, rerender } = renderHook((p: { deadline: number; active: boolean }) =>
      useCountdown({ deadline: p.deadline, active: p.active, stopped: false, onExpire }),
      { initialProps: { deadline: start + 1_000, active: false } },
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpire).not.toHaveBeenCalled();
    rerender({ deadline: start + 1_000, active: true });
    expect(onExpire).toHaveBeenCalledTimes(1);
    rerender({ deadline: Date.now() + 300_000, active: true });
    expect(result.current.seconds).toBe(300);
    act(() => vi.advanceTimersByTime(300_000));
    expect(onExpire).toHaveBeenCalledTimes(2);
  });

  it('a reload keeps counting to the same deadline', () => {
    const onExpire = vi.fn();
    vi.setSystemTime(start + 100_000);
    const { result } = renderHook(() => useCountdown({ deadline: start + 300_000, active: true, stopped: false, onExpire }));
    expect(result.current.seconds).toBe(200);
  });
});
