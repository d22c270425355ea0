// How a webhook-status answer moves the payment on (spec section 4,
// "Payment status"), as a pure reducer: the wizard performs the effects.

export type Progress =
  | 'waiting'
  | 'processing'
  | 'payment_received'
  | 'offramp_created'
  | 'completed'
  | 'failed'
  | 'expired';

export type ServerStatus =
  | 'created'
  | 'awaiting_payin'
  | 'payin_processing'
  | 'payin_completed'
  | 'offramp_created'
  | 'completed'
  | 'check_mailed'
  | 'expired'
  | 'failed'
  | 'refunded'
  | 'payin_mismatch';

export interface Offramp {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface StatusRecord {
  status: ServerStatus | string;
  updated_at: string;
  /** The answer's top-level `on_hold`, kept with the status it came with: an operator holds the payment. */
  on_hold?: boolean;
}

export interface WebhookStatus {
  transaction_id: string;
  payin_processing: boolean;
  payin_completed: boolean;
  offramp_transaction: Offramp | null;
  offramp_completed: boolean;
  status: StatusRecord | null;
  expires_at?: string;
}

export interface ProgressState {
  progress: Progress;
  offramp: Offramp | null;
  lastStatus: StatusRecord | null;
}

/**
 * Effect is what the wizard does after an answer: stop-timer (processing
 * forces the timer to 0), received (go to step 7), offramp-toast,
 * complete-toast, stop-polling, failed, expired.
 */
export type Effect = 'stop-timer' | 'received' | 'offramp-toast' | 'complete-toast' | 'stop-polling' | 'failed' | 'expired';

const rank: Record<Progress, number> = {
  waiting: 0,
  processing: 1,
  payment_received: 2,
  offramp_created: 3,
  completed: 4,
  failed: 5,
  expired: 5,
};

export const initialProgress: ProgressState = { progress: 'waiting', offramp: null, lastStatus: null };

/** isFinal reports a payment whose status no longer changes. */
export function isFinal(p: Progress): boolean {
  return p === 'completed' || p === 'failed' || p === 'expired';
}

/**
 * reduceStatus applies one answer. It never moves backwards, so a repeated
 * or late answer has no effect, and each effect happens once.
 */
export function reduceStatus(prev: ProgressState, s: WebhookStatus): { next: ProgressState; effects: Effect[] } {
  const effects: Effect[] = [];
  let progress = prev.progress;
  let offramp = prev.offramp;
  const lastStatus = s.status ?? prev.lastStatus;
  if (isFinal(progress)) return { next: { ...prev, lastStatus }, effects: progress === 'completed' ? [] : ['stop-polling'] };

  const st = s.status?.status;
  if ((st === 'failed' || st === 'refunded' || st === 'payin_mismatch') && !s.payin_completed) {
    return { next: { progress: 'failed', offramp, lastStatus }, effects: ['failed', 'stop-polling'] };
  }
  if (st === 'expired' && !s.payin_processing) {
    return { next: { progress: 'expired', offramp, lastStatus }, effects: ['expired', 'stop-polling'] };
  }
  if ((s.payin_processing || s.payin_completed) && rank[progress] < rank.processing) {
    progress = 'processing';
    effects.push('stop-timer');
  }
  if (s.payin_completed && rank[progress] < rank.payment_received) {
    progress = 'payment_received';
    effects.push('received');
  }
  if (s.offramp_transaction && !offramp) {
    offramp = s.offramp_transaction;
    if (rank[progress] < rank.offramp_created) progress = 'offramp_created';
    effects.push('offramp-toast');
  } else if (s.offramp_transaction) {
    offramp = s.offramp_transaction;
  }
  if (s.offramp_completed) {
    progress = 'completed';
    effects.push('complete-toast', 'stop-polling');
  }
  return { next: { progress, offramp, lastStatus }, effects };
}

/** parseWebhookStatus checks an answer's shape at run time; null when it is not one. */
export function parseWebhookStatus(body: unknown): WebhookStatus | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (typeof b.payin_processing !== 'boolean' || typeof b.payin_completed !== 'boolean' || typeof b.offramp_completed !== 'boolean') {
    return null;
  }
  const o = b.offramp_transaction as Record<string, unknown> | null | undefined;
  const st = b.status as Record<string, unknown> | null | undefined;
  return {
    transaction_id: typeof b.transaction_id === 'string' ? b.transaction_id : '',
    payin_processing: b.payin_processing,
    payin_completed: b.payin_completed,
    offramp_completed: b.offramp_completed,
    offramp_transaction:
      o && typeof o === 'object' && typeof o.id === 'string'
        ? { id: o.id, amount: Number(o.amount), currency: String(o.currency ?? 'USD'), status: String(o.status ?? '') }
        : null,
    status:
      st && typeof st === 'object' && typeof st.status === 'string'
        ? { status: st.status, updated_at: typeof st.updated_at === 'string' ? st.updated_at : '', ...(b.on_hold === true ? { on_hold: true } : {}) }
        : null,
    expires_at: typeof b.expires_at === 'string' ? b.expires_at : undefined,
  };
}
