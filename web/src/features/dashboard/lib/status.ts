// How the dashboard shows a payment's status and amount. The server decides
// the group (completed, processing, failed); this maps it to the badge's
// colours and words, and signs the amount by direction.
import type { Language } from '@/lib/language';
import { formatMoney } from '@/lib/money';

export type StatusGroup = 'completed' | 'processing' | 'failed';

/** badgeClass is each group's colours: green, yellow, red (contrast checked by axe). */
const badgeClass: Record<StatusGroup, string> = {
  completed: 'bg-green-100 text-green-900 ring-green-600/30',
  processing: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30',
  failed: 'bg-red-100 text-red-900 ring-red-600/30',
};

/** groupOf reads a status group, treating anything unknown as processing (never as done). */
export function groupOf(group: string): StatusGroup {
  return group === 'completed' || group === 'failed' ? group : 'processing';
}

/** badgeFor is the badge of a status group: its colours and its label key in the dashboard namespace. */
export function badgeFor(group: string): { group: StatusGroup; className: string; labelKey: string } {
  const g = groupOf(group);
  return { group: g, className: badgeClass[g], labelKey: `status.${g}` };
}

/** signedAmount shows a USD amount with its direction: "-$50.00" sent, "+$30.00" received. */
export function signedAmount(amount: number, direction: string, lang?: Language): string {
  const text = formatMoney(Math.abs(amount), 'USD', lang);
  return direction === 'received' ? `+${text}` : `−${text}`;
}

/** pageCount is how many pages hold total rows at size a page (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(size, 1)));
}
