import { formatDateTime } from '@/lib/money';

/** formatTime shows a server time (RFC 3339) in the visitor's language and time zone, with the zone named. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDateTime(d, { dateStyle: 'medium', timeStyle: 'medium' });
}
