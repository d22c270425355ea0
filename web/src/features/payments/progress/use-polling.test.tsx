import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolling } from './use-polling';

async function flush() {
  // Let the awaited task and its then() run.
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('usePolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('asks at once and then every 3 seconds', async () => {
    const task = vi.fn().mockResolvedValue(false);
    renderHook(() => usePolling(task, { enabled: true, intervalMs: 3_000, maxMs: 600_000, startedAt: 0 }));
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(2_999));
    expect(task).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(task).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(task).toHaveBeenCalledTimes(5);
  });

  it('stops when the task says so (offramp completed)', async () => {
    const task = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true).mockResolvedValue(false);
    renderHook(() => usePolling(task, { enabled: true, intervalMs: 3_000, maxMs: 600_000, startedAt: 0 }));
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('stops after 10 minutes', async () => {
    const task = vi.fn().mockResolvedValue(false);
    renderHook(() => usePolling(task, { enabled: true, intervalMs: 3_000, maxMs: 600_000, startedAt: 0 }));
    await act(async () => vi.advanceTimersByTimeAsync(20 * 60_000));
    // At 0, 3, 6, ... 600 s: 201 calls, then no more.
    expect(task).toHaveBeenCalledTimes(201);
  });

  it('a reload after the 10 minutes asks once, then stops', async () => {
    vi.setSystemTime(700_000);
    const task = vi.fn().mockResolvedValue(false);
    renderHook(() => usePolling(task, { enabled: true, intervalMs: 3_000, maxMs: 600_000, startedAt: 0 }));
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('logs and ignores failed polls (not JSON, network), and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const task = vi
      .fn()
      .mockRejectedValueOnce(new Error('The server sent an answer that is not JSON.'))
      .mockRejectedValueOnce(new Error('Network error'))
      .mockResolvedValue(false);
    renderHook(() => usePolling(task, { enabled: true, intervalMs: 3_000, maxMs: 600_000, startedAt: 0 }));
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(task).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('stops when disabled or unmounted', async () => {
    const task = vi.fn().mockResolvedValue(false);
    const { rerender, unmount } = renderHook((p: { enabled: boolean }) =>
      usePolling(task, { enabled: p.enabled, intervalMs: 3_000, maxMs: 600_000, startedAt: 0 }),
      { initialProps: { enabled: false } },
    );
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(task).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await act(async () => vi.advanceTimersByTimeAsync(3_000));
    expect(task).toHaveBeenCalledTimes(2);
    unmount();
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(task).toHaveBeenCalledTimes(2);
  });
});
