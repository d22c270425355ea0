import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export type SandboxEvent = 'payin_processing' | 'payin_completed' | 'payin_failed';

/** triggerMockWebhook asks the sandbox partner to send an event (sandbox servers only). */
export async function triggerMockWebhook(transactionId: string, event: SandboxEvent): Promise<void> {
  await apiFetch('/api/trigger-mock-webhook', { method: 'POST', body: { transaction_id: transactionId, event } });
}

export function useTriggerMockWebhook() {
  return useMutation({
    mutationFn: ({ transactionId, event }: { transactionId: string; event: SandboxEvent }) =>
      triggerMockWebhook(transactionId, event),
  });
}
