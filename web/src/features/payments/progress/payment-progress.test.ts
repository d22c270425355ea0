import { describe, expect, it } from 'vitest';
import { initialProgress, parseWebhookStatus, reduceStatus, type WebhookStatus } from './payment-progress';

function status(over: Partial<WebhookStatus> & { st?: string } = {}): WebhookStatus {
  const { st = 'awaiting_payin', ...rest } = over;
  return {
    transaction_id: 'txn_1',
    payin_processing: false,
    payin_completed: false,
    offramp_transaction: null,
    offramp_completed: false,
    status: { status: st, updated_at: '2026-11-22T10:00:00Z' },
    ...rest,
  };
}

const offramp = { id: 'off_1', amount: 100, currency: 'USD', status: 'pending' };

describe('reduceStatus', () => {
  it('waits while the pay-in is awaited', () => {
    const r = reduceStatus(initialProgress, status());
    expect(r.next.progress).toBe('waiting');
    expect(r.effects).toEqual([]);
  });

  it('processing stops the timer', () => {
    const r = reduceStatus(initialProgress, status({ payin_processing: true, st: 'payin_processing' }));
    expect(r.next.progress).toBe('processing');
    expect(r.effects).toEqual(['stop-timer']);
    expect(reduceStatus(r.next, status({ payin_processing: true })).effects).toEqual([]);
  });

  it('a completed pay-in moves to step 7', () => {
    const r = reduceStatus(initialProgress, status({ payin_processing: true, payin_completed: true, st: 'payin_completed' }));
    expect(r.next.progress).toBe('payment_received');
    expect(r.effects).toEqual(['stop-timer', 'received']);
  });

  it('an off-ramp is stored and toasted once', () => {
    const received = { progress: 'payment_received' as const, offramp: null, lastStatus: null };
    const s = status({ payin_processing: true, payin_completed: true, offramp_transaction: offramp, st: 'offramp_created' });
    const r = reduceStatus(received, s);
    expect(r.next.progress).toBe('offramp_created');
    expect(r.next.offramp).toEqual(offramp);
    expect(r.effects).toEqual(['offramp-toast']);
    expect(reduceStatus(r.next, s).effects).toEqual([]);
  });

  it('a completed off-ramp stops polling with one toast', () => {
    const s = status({ payin_processing: true, payin_completed: true, offramp_transaction: offramp, offramp_completed: true, st: 'completed' });
    const r = reduceStatus({ progress: 'offramp_created', offramp, lastStatus: null }, s);
    expect(r.next.progress).toBe('completed');
    expect(r.effects).toEqual(['complete-toast', 'stop-polling']);
    expect(reduceStatus(r.next, s).effects).toEqual([]);
  });

  it('catches up on everything at once (a reload after the fact)', () => {
    const s = status({ payin_processing: true, payin_completed: true, offramp_transaction: offramp, offramp_completed: true, st: 'completed' });
    expect(reduceStatus(initialProgress, s).effects).toEqual(['stop-timer', 'received', 'offramp-toast', 'complete-toast', 'stop-polling']);
  });

  it('never goes backwards', () => {
    const r = reduceStatus({ progress: 'offramp_created', offramp, lastStatus: null }, status());
    expect(r.next.progress).toBe('offramp_created');
    expect(r.effects).toEqual([]);
  });

  it('ends on a failed or expired pay-in', () => {
    expect(reduceStatus(initialProgress, status({ st: 'failed' }))).toMatchObject({
      next: { progress: 'failed' },
      effects: ['failed', 'stop-polling'],
    });
    expect(reduceStatus(initialProgress, status({ st: 'expired' }))).toMatchObject({
      next: { progress: 'expired' },
      effects: ['expired', 'stop-polling'],
    });
  });

  it('keeps the last status record', () => {
    const r = reduceStatus(initialProgress, status({ st: 'awaiting_payin' }));
    expect(r.next.lastStatus).toEqual({ status: 'awaiting_payin', updated_at: '2026-11-22T10:00:00Z' });
  });
});

describe('parseWebhookStatus', () => {
  it('reads a server answer', () => {
    const s = parseWebhookStatus({
      transaction_id: 'txn_1',
      payin_processing: true,
      payin_completed: true,
      offramp_transaction: { id: 'off_1', amount: 100.0, currency: 'USD', status: 'pending' },
      offramp_completed: false,
      status: { status: 'offramp_created', updated_at: 'x' },
      expires_at: 'y',
    });
    expect(s?.offramp_transaction?.id).toBe('off_1');
    expect(s?.status?.status).toBe('offramp_created');
  });

  it('refuses what is not a status (an HTML page, an error body)', () => {
    expect(parseWebhookStatus('<html>')).toBeNull();
    expect(parseWebhookStatus({ error: 'Transaction not found' })).toBeNull();
    expect(parseWebhookStatus(null)).toBeNull();
  });

  it('keeps an operator’s hold with the status, and the reducer passes it on', () => {
    const answer = { transaction_id: 'txn_1', payin_processing: false, payin_completed: false, offramp_transaction: null, offramp_completed: false };
    const held = parseWebhookStatus({ ...answer, status: { status: 'awaiting_payin', updated_at: 'x' }, on_hold: true })!;
    expect(held.status).toEqual({ status: 'awaiting_payin', updated_at: 'x', on_hold: true });
    expect(reduceStatus(initialProgress, held).next.lastStatus?.on_hold).toBe(true);
    const released = parseWebhookStatus({ ...answer, status: { status: 'awaiting_payin', updated_at: 'x' }, on_hold: false })!;
    expect(released.status).toEqual({ status: 'awaiting_payin', updated_at: 'x' });
  });
});
