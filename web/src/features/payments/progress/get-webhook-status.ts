import { apiFetch } from '@/lib/api-client';
import { parseWebhookStatus, type WebhookStatus } from './payment-progress';

/** NotStatusError: the answer was not a webhook status (polling logs it and goes on). */
export class NotStatusError extends Error {}

/** getWebhookStatus asks where a payment stands; what step 6 polls every 3 seconds. */
export async function getWebhookStatus(transactionId: string, signal?: AbortSignal): Promise<WebhookStatus> {
  const body = await apiFetch<unknown>(`/api/webhook-status/${encodeURIComponent(transactionId)}`, { signal });
  const status = parseWebhookStatus(body);
  if (!status) throw new NotStatusError('webhook status answer is not a status');
  return status;
}
