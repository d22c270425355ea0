import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Card is a bordered, rounded panel. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-slate-200 bg-white p-6 shadow-sm', className)} {...props} />;
}
