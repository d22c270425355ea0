import { cn } from '@/lib/cn';
import { ClockIcon } from './icons';

/** QuoteTimer shows the countdown; it turns red at 60 seconds or less. */
export function QuoteTimer({ text, warning }: { text: string; warning: boolean }) {
  return (
    <p
      role="timer"
      data-warning={warning || undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-4 py-1.5 font-semibold tabular-nums',
        warning ? 'bg-red-50 text-red-700 ring-1 ring-red-300' : 'bg-slate-100 text-ink',
      )}
    >
      <ClockIcon />
      {text}
    </p>
  );
}
