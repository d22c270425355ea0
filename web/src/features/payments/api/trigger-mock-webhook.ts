import { useMutation } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

/** SandboxEvent: the events the payer's Simulate buttons ask for (the API also takes the off-ramp's). */
export type SandboxEvent = Extract<components['schemas']['TriggerRequest']['event'], 'payin_processing' | 'payin_completed' | 'payin_failed'>;

/** triggerMockWebhook asks the sandbox partner to send an event (sandbox servers only). */
export async function triggerMockWebhook(transactionId: string, event: SandboxEvent): Promise<void> {
  await apiFetch('/api/trigger-mock-webhook', { method: 'POST', body: { transaction_id: transactionId, event } satisfies components['schemas']['TriggerRequest'] });
}

export function useTriggerMockWebhook() {
  return useMutation({
    mutationFn: ({ transactionId, event }: { transactionId: string; event: SandboxEvent }) =>
      triggerMockWebhook(transactionId, event),
  });
}
