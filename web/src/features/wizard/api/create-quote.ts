import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Quote is a locked quote (POST /api/create-quote). */
export interface Quote {
  symbol: string;
  amount_usd: number;
  total_local_amount: number;
  local_currency: string;
  total_fees_usd: number;
  effective_rate: number;
  on_ramp: { id: string; quotation: number };
  off_ramp: { id: string; quotation: number };
  expires_at: string;
  expires_at_readable: string;
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

/** createQuote locks a quote for amount_usd; the error text is the server's. */
export async function createQuote(symbol: string, amountUSD: number): Promise<Quote> {
  const b = await apiFetch<Record<string, unknown>>('/api/create-quote', {
    method: 'POST',
    body: { symbol, amount_usd: amountUSD },
  });
  const on = (b?.on_ramp ?? {}) as Record<string, unknown>;
  const off = (b?.off_ramp ?? {}) as Record<string, unknown>;
  if (typeof on.id !== 'string' || typeof off.id !== 'string' || !Number.isFinite(num(b.total_local_amount))) {
    throw new Error('Failed to create quote');
  }
  return {
    symbol: String(b.symbol ?? symbol),
    amount_usd: num(b.amount_usd),
    total_local_amount: num(b.total_local_amount),
    local_currency: String(b.local_currency ?? ''),
    total_fees_usd: num(b.total_fees_usd),
    effective_rate: num(b.effective_rate),
    on_ramp: { id: on.id, quotation: num(on.quotation) },
    off_ramp: { id: off.id, quotation: num(off.quotation) },
    expires_at: String(b.expires_at ?? ''),
    expires_at_readable: typeof b.expires_at_readable === 'string' && b.expires_at_readable ? b.expires_at_readable : 'N/A',
  };
}

export function useCreateQuote() {
  return useMutation({ mutationFn: ({ symbol, amountUSD }: { symbol: string; amountUSD: number }) => createQuote(symbol, amountUSD) });
}
