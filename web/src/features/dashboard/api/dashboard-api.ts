// The dashboard's overview calls (docs/openapi.yaml, tag "dashboard"): the
// account's totals, its transactions 20 a page and one payment's detail.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

export type Overview = components['schemas']['DashboardOverview'];
export type Transaction = components['schemas']['Transaction'];
export type TransactionPage = components['schemas']['TransactionPage'];
export type TransactionDetail = components['schemas']['TransactionDetail'];

export const dashboardKey = ['dashboard'] as const;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** checkPage keeps an answer only when it has the documented shape. */
function checkPage(v: unknown): TransactionPage {
  if (!isObject(v) || !Array.isArray(v.transactions) || typeof v.total !== 'number' || typeof v.page_size !== 'number') {
    throw new Error('Unexpected transactions answer');
  }
  return v as unknown as TransactionPage;
}

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'overview'],
    queryFn: async () => {
      const o = await apiFetch<Overview>('/api/dashboard/overview');
      if (!isObject(o) || typeof o.payment_count !== 'number') throw new Error('Unexpected overview answer');
      return o;
    },
  });

export const transactionsQuery = (page: number) =>
  queryOptions({
    queryKey: [...dashboardKey, 'transactions', page],
    queryFn: async () => checkPage(await apiFetch<unknown>(`/api/dashboard/transactions?page=${page}`)),
    placeholderData: keepPreviousData,
  });

export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: [...dashboardKey, 'transaction', id],
    queryFn: async () => {
      const d = await apiFetch<TransactionDetail>(`/api/dashboard/transactions/${encodeURIComponent(id)}`);
      if (!isObject(d) || !Array.isArray(d.stages)) throw new Error('Unexpected payment answer');
      return d;
    },
    retry: false,
  });

export const useOverview = () => useQuery(overviewQuery());
export const useTransactions = (page: number) => useQuery(transactionsQuery(page));
export const useTransaction = (id: string) => useQuery(transactionQuery(id));
