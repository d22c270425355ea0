import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** SectionHeading is a section's eyebrow, title and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  dark,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  dark?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-3xl text-center', className)}>
      {eyebrow ? (
        <p className={cn('text-sm font-bold uppercase tracking-widest', dark ? 'text-brand' : 'text-blue-700')}>{eyebrow}</p>
      ) : null}
      <h2 id={id} className={cn('mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl', dark ? 'text-white' : 'text-ink')}>
        {title}
      </h2>
      {lead ? <p className={cn('mt-4 text-lg leading-relaxed', dark ? 'text-slate-300' : 'text-slate-600')}>{lead}</p> : null}
    </div>
  );
}
