// The one createQuote: POST /api/create-quote, used by /quote, the wizards
// (and the dashboard). The server's answer is checked at run time.

import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import type { components } from '@contract/api-types';

export type Quote = components['schemas']['Quote'];
export type QuoteRequest = components['schemas']['QuoteRequest'];
export type QuoteSymbol = components['schemas']['Symbol'];

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isRamp(r: unknown): boolean {
  return !!r && typeof r === 'object' && typeof (r as Record<string, unknown>).id === 'string' && isNumber((r as Record<string, unknown>).quotation);
}

/** isQuote checks the answer's shape rather than trusting it. */
export function isQuote(v: unknown): v is Quote {
  if (!v || typeof v !== 'object') return false;
  const q = v as Record<string, unknown>;
  return (
    isNumber(q.amount_usd) &&
    isNumber(q.total_local_amount) &&
    (q.local_currency === 'BRL' || q.local_currency === 'MXN') &&
    isNumber(q.total_fees_usd) &&
    isNumber(q.effective_rate) &&
    isRamp(q.on_ramp) &&
    isRamp(q.off_ramp) &&
    typeof q.expires_at === 'string'
  );
}

/** createQuote locks a quote for an amount in USD; a refusal is an ApiError with the server's code. */
export async function createQuote(input: QuoteRequest): Promise<Quote> {
  const body = await apiFetch<unknown>('/api/create-quote', { body: { symbol: input.symbol, amount_usd: input.amount_usd } });
  if (!isQuote(body)) throw new ApiError(200, '');
  return body;
}

export function useCreateQuote() {
  return useMutation({ mutationFn: createQuote });
}
