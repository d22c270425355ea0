import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** narrow aligns the hero with a reading-width (max-w-3xl) page body. */
  narrow?: boolean;
}

/** PageHero is the navy band at the top of an information page; it holds the page's one <h1>. */
export function PageHero({ eyebrow, title, lead, narrow = false }: PageHeroProps) {
  return (
    <section className="bg-navy px-4 pb-12 pt-10 text-white sm:pb-16 sm:pt-14">
      <div className={cn('mx-auto', narrow ? 'max-w-3xl' : 'max-w-5xl')}>
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-slate-200">{lead}</p> : null}
      </div>
    </section>
  );
}
