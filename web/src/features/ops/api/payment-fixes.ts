// The Fix actions of Explain: POST /api/ops/payments/{id}/resend-email (any
// operator) and POST /api/ops/payments/{id}/replay-webhook (finance and
// admins). Each needs a reason and is written to the audit log; each
// refreshes the payment's story and its audit panel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  return { resend, replay };
}
