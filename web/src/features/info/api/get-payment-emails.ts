// GET /api/payment-emails: the e-mails a payment sends, in the reader's
// language — the same texts the e-mails carry (the server's one table).
import { useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

export type PaymentEmail = components['schemas']['PaymentEmail'];

export async function getPaymentEmails(): Promise<PaymentEmail[]> {
  const body = await apiFetch<{ emails?: unknown }>('/api/payment-emails');
  if (!body || !Array.isArray(body.emails)) throw new Error('Unexpected payment e-mails answer');
  return body.emails as PaymentEmail[];
}

/** usePaymentEmails loads the list in lang (the cookie the request carries). */
export function usePaymentEmails(lang: string) {
  return useQuery({ queryKey: ['payment-emails', lang], queryFn: getPaymentEmails, staleTime: Infinity });
}
