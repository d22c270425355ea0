// The Fix actions of Explain: POST /api/ops/payments/{id}/resend-email (any
// operator), POST /api/ops/payments/{id}/replay-webhook, /hold and /release
// (finance and admins), and the money actions of finance and admins: /refund
// (a received pay-in not yet converted; password again), /cancel (a payment
// waiting for its pay-in) and /payout-again (a payout that came back; password
// again). Each needs a reason and is written to the audit log; each refreshes
// the payment's story, the Returns queue and its audit panel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export interface ResendMailInput {
  mail_id: string;
  reason: string;
}

export interface ReplayWebhookInput {
  event_id: string;
  reason: string;
}

/** HoldInput is the body of POST .../hold and .../release (finance and admins). */
export interface HoldInput {
  reason: string;
}

/** ReleaseAnswer is the payment's state after a release and the partner events it applied. */
export interface ReleaseAnswer {
  status: string;
  applied_events: string[];
}

/** MoneyActionInput is the body of POST .../refund and .../payout-again: the reason and the operator's password again. */
export type MoneyActionInput = components['schemas']['MoneyAction'];

/** CancelInput is the body of POST .../cancel. */
export type CancelInput = operations['opsCancelPayment']['requestBody']['content']['application/json'];

/** StateAnswer is the payment's state after a refund or a cancel. */
export type StateAnswer = components['schemas']['OpsStateResult'];

const stateAnswer = (what: string) => (r: StateAnswer | undefined) => {
  if (!r || typeof r.status !== 'string') throw new Error(`Unexpected ${what} answer`);
  return r;
};

export function usePaymentFixes(transactionId: string) {
  const client = useQueryClient();
  // Not awaited: the action's own callbacks run at once, before the refetch
  // may remove the object (and the form that acted on it) from the page.
  const refresh = () => void client.invalidateQueries({ queryKey: opsKey });
  const path = `/api/ops/payments/${encodeURIComponent(transactionId)}`;
  const resend = useMutation({
    mutationFn: (body: ResendMailInput) => apiFetch<void>(`${path}/resend-email`, { method: 'POST', body: { ...body } }),
    onSuccess: refresh,
  });
  const replay = useMutation({
    mutationFn: async (body: ReplayWebhookInput) => {
      const r = await apiFetch<{ outcome: string }>(`${path}/replay-webhook`, { method: 'POST', body: { ...body } });
      if (!r || typeof r.outcome !== 'string') throw new Error('Unexpected replay answer');
      return r.outcome;
    },
    onSuccess: refresh,
  });
  const hold = useMutation({
    mutationFn: (body: HoldInput) => apiFetch<void>(`${path}/hold`, { method: 'POST', body: { ...body } }),
    onSuccess: refresh,
  });
  const release = useMutation({
    mutationFn: async (body: HoldInput) => {
      const r = await apiFetch<ReleaseAnswer>(`${path}/release`, { method: 'POST', body: { ...body } });
      if (!r || typeof r.status !== 'string') throw new Error('Unexpected release answer');
      return r;
    },
    onSuccess: refresh,
  });
  const refund = useMutation({
    mutationFn: (body: MoneyActionInput) => apiFetch<StateAnswer>(`${path}/refund`, { method: 'POST', body: { ...body } }).then(stateAnswer('refund')),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (body: CancelInput) => apiFetch<StateAnswer>(`${path}/cancel`, { method: 'POST', body: { ...body } }).then(stateAnswer('cancel')),
    onSuccess: refresh,
  });
  const payoutAgain = useMutation({
    mutationFn: (body: MoneyActionInput) => apiFetch<void>(`${path}/payout-again`, { method: 'POST', body: { ...body } }),
    onSuccess: refresh,
  });
  return { resend, replay, hold, release, refund, cancel, payoutAgain };
}
