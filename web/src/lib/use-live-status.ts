import { useEffect, useState } from 'react';

/** LiveStatus is one `status` event of GET /api/payments/{id}/events. */
export interface LiveStatus {
  transaction_id: string;
  status: string;
  updated_at: string;
  sequence: number;
  stages: Array<{ status: string; reached: boolean; at: string | null }>;
  tracking_number: string;
  /** An operator holds the payment: the payer sees it under review. */
  on_hold?: boolean;
}

export interface LiveStatusState {
  /** The latest status the stream pushed, or null before the first. */
  status: LiveStatus | null;
  /** The stream is open: callers can stop polling. False means poll. */
  connected: boolean;
}

/**
 * useLiveStatus follows a payment's live status over Server-Sent Events
 * (owner only). An empty id, a browser without EventSource, a refused
 * stream (404) or a dropped connection leave `connected` false, so callers
 * fall back to polling; the browser reconnects by itself, resuming after
 * the last event it saw (Last-Event-ID).
 */
export function useLiveStatus(transactionId: string): LiveStatusState {
  const [state, setState] = useState<LiveStatusState>({ status: null, connected: false });
  useEffect(() => {
    setState({ status: null, connected: false });
    if (!transactionId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/payments/${encodeURIComponent(transactionId)}/events`);
    source.onopen = () => setState((s) => ({ ...s, connected: true }));
    source.onerror = () => setState((s) => ({ ...s, connected: false }));
    source.addEventListener('status', (e) => {
      try {
        const status = JSON.parse((e as MessageEvent<string>).data) as LiveStatus;
        if (status.transaction_id === transactionId) setState({ status, connected: true });
      } catch {
        // A malformed event is ignored; polling keeps the page right.
      }
    });
    return () => source.close();
  }, [transactionId]);
  return state;
}
