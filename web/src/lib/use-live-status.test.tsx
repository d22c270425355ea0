import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveStatus } from './use-live-status';

/** FakeEventSource stands in for the browser's EventSource. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners: Record<string, Array<(e: MessageEvent<string>) => void>> = {};
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners[type] ?? []) fn(new MessageEvent(type, { data }));
  }
  close() {
    this.closed = true;
  }
}

const status = (state: string, sequence: number) =>
  JSON.stringify({ transaction_id: 'txn_1', status: state, sequence, updated_at: '', stages: [], tracking_number: '' });

describe('useLiveStatus', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the payment stream, pushes each status and reports the fallback when it errors', () => {
    const { result, unmount } = renderHook(() => useLiveStatus('txn_1'));
    const source = FakeEventSource.all[0]!;
    expect(source.url).toBe('/api/payments/txn_1/events');
    expect(result.current.connected).toBe(false);
    act(() => source.onopen?.());
    expect(result.current.connected).toBe(true);
    act(() => source.emit('status', status('payin_processing', 7)));
    expect(result.current.status?.status).toBe('payin_processing');
    act(() => source.emit('status', 'not json'));
    expect(result.current.status?.sequence).toBe(7);
    act(() => source.onerror?.());
    expect(result.current.connected).toBe(false); // the caller polls again
    unmount();
    expect(source.closed).toBe(true);
  });

  it('opens nothing without an id or without EventSource', () => {
    const { result } = renderHook(() => useLiveStatus(''));
    expect(FakeEventSource.all).toHaveLength(0);
    expect(result.current.connected).toBe(false);
    vi.stubGlobal('EventSource', undefined);
    const other = renderHook(() => useLiveStatus('txn_1'));
    expect(other.result.current.connected).toBe(false);
  });
});
