import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

/** QuoteSymbol is the corridor a quote is for. */
export type QuoteSymbol = 'USDC/BRL' | 'USDC/MXN';

/** Quote is the server's locked quote (POST /api/create-quote). */
export interface Quote {
  amount_usd: number;
  total_local_amount: number;
  local_currency: 'BRL' | 'MXN';
  total_fees_usd: number;
  effective_rate: number;
  on_ramp: { id: string; quotation: number };
  off_ramp: { id: string; quotation: number };
  expires_at?: string;
  expires_at_readable?: string;
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** isQuote checks the answer's shape at run time rather than trusting it. */
export function isQuote(v: unknown): v is Quote {
  if (!v || typeof v !== 'object') return false;
  const q = v as Record<string, unknown>;
  const ramp = (r: unknown) => !!r && typeof r === 'object' && isNumber((r as Record<string, unknown>).quotation);
  return (
    isNumber(q.amount_usd) &&
    isNumber(q.total_local_amount) &&
    (q.local_currency === 'BRL' || q.local_currency === 'MXN') &&
    isNumber(q.total_fees_usd) &&
    isNumber(q.effective_rate) &&
    ramp(q.on_ramp) &&
    ramp(q.off_ramp)
  );
}

/** createQuote locks a quote for an amount in USD. */
export async function createQuote(input: { symbol: QuoteSymbol; amount_usd: number }): Promise<Quote> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>('/api/create-quote', { body: input });
  } catch (err) {
    // apiFetch says 'Request failed (status)' when the answer carried no
    // error text; an empty message lets the page show its own words for
    // that case ('Failed to get quote').
    if (err instanceof ApiError && /^Request failed \(\d+\)$/.test(err.message)) throw new ApiError(err.status, '');
    throw err;
  }
  if (!isQuote(body)) throw new ApiError(200, '');
  return body;
}

/** useCreateQuote is the rate page's mutation. */
export function useCreateQuote() {
  return useMutation({ mutationFn: createQuote });
}
