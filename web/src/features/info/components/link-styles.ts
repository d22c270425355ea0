import { cn } from '@/lib/cn';

// Links that look like the app's buttons (Button is a <button>, and a
// navigation must stay a real link for keyboard and screen-reader users).
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-semibold no-underline transition-colors';

const kinds = {
  cta: 'bg-brand text-navy hover:bg-yellow-300',
  primary: 'bg-navy text-white hover:bg-navy-light',
  outline: 'border border-slate-300 bg-white text-ink hover:bg-slate-50',
} as const;

/** linkButton gives a link the look of a button. */
export function linkButton(kind: keyof typeof kinds = 'primary', className?: string): string {
  return cn(base, kinds[kind], className);
}

/** textLink is the style of an inline link. */
export const textLink = 'font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900';
