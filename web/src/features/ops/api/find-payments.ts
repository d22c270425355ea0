// GET /api/ops/payments: a page of 50 payments, newest first, matching the
// search (the console's URL query string, passed on as it is).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type FoundPayment = components['schemas']['FoundPayment'];
export interface PaymentPage {
  payments: FoundPayment[];
  next?: string;
}

export const findPaymentsQuery = (search: string) =>
  queryOptions({
    queryKey: [...opsKey, 'payments', search],
    queryFn: async () => {
      const page = await apiFetch<PaymentPage>(`/api/ops/payments${search ? `?${search}` : ''}`);
      if (!page || !Array.isArray(page.payments)) throw new Error('Unexpected payments answer');
      return page;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useFindPayments = (search: string) => useQuery(findPaymentsQuery(search));
