import { cn } from '@/lib/cn';

/** Spinner is a decorative busy indicator; the text beside it says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)}
    />
  );
}
