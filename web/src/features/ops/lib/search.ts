// The Find search lives in the URL's query string, with the API's own
// parameter names (GET /api/ops/payments), so a search can be shared, and
// Back and Forward move between searches. The form's values and the query
// string convert both ways here.
import type { components } from '@contract/api-types';

export type PaymentState = components['schemas']['PaymentState'];

/** paymentStates lists every state, in the order a payment goes through them. */
export const paymentStates: readonly PaymentState[] = [
  'created',
  'awaiting_payin',
  'payin_processing',
  'payin_completed',
  'offramp_created',
  'completed',
  'check_mailed',
  'expired',
  'failed',
  'refunded',
  'payin_mismatch',
];

export const corridors = ['BR', 'MX'] as const;
export type Corridor = (typeof corridors)[number];

/** FindValues is the search as the form holds it. */
export interface FindValues {
  q: string;
  status: PaymentState[];
  corridor: Corridor | '';
  min_usd: string;
  max_usd: string;
  from: string;
  to: string;
}

export const emptySearch: FindValues = { q: '', status: [], corridor: '', min_usd: '', max_usd: '', from: '', to: '' };

const isState = (s: string): s is PaymentState => (paymentStates as readonly string[]).includes(s);
const isCorridor = (s: string): s is Corridor => (corridors as readonly string[]).includes(s);

/** fromParams reads the search from a query string; unknown values are left out. */
export function fromParams(params: URLSearchParams): FindValues {
  const status = (params.get('status') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isState);
  const corridor = (params.get('corridor') ?? '').toUpperCase();
  return {
    q: params.get('q') ?? '',
    status: paymentStates.filter((s) => status.includes(s)),
    corridor: isCorridor(corridor) ? corridor : '',
    min_usd: params.get('min_usd') ?? '',
    max_usd: params.get('max_usd') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** toParams writes the search as a query string: empty values are left out, states in their order. */
export function toParams(v: FindValues): URLSearchParams {
  const p = new URLSearchParams();
  const q = v.q.trim();
  if (q) p.set('q', q);
  const status = paymentStates.filter((s) => v.status.includes(s));
  if (status.length) p.set('status', status.join(','));
  if (v.corridor) p.set('corridor', v.corridor);
  for (const k of ['min_usd', 'max_usd', 'from', 'to'] as const) {
    const s = v[k].trim();
    if (s) p.set(k, s);
  }
  return p;
}

/** apiSearch is the query string sent to the API: the search and the page (`after`). */
export function apiSearch(params: URLSearchParams): string {
  const p = toParams(fromParams(params));
  const after = params.get('after');
  if (after) p.set('after', after);
  return p.toString();
}

/** searchFields are the request fields whose server errors sit under a field of the form. */
export const searchFields = ['q', 'status', 'corridor', 'min_usd', 'max_usd', 'from', 'to'] as const;
export type SearchField = (typeof searchFields)[number];

export const isSearchField = (f: string): f is SearchField => (searchFields as readonly string[]).includes(f);
