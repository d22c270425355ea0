import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  strong?: boolean;
}

/** SummaryList is a label/value list (a <dl>), used by the summaries of steps 5 to 8. */
export function SummaryList({ rows, className }: { rows: Array<SummaryRow | null | false>; className?: string }) {
  return (
    <dl className={cn('divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50', className)}>
      {rows.filter(Boolean).map((r, i) => {
        const row = r as SummaryRow;
        return (
          <div key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
            <dt className="text-sm text-slate-700">
              {row.label}
              {row.hint ? <span className="block text-xs text-slate-600">{row.hint}</span> : null}
            </dt>
            <dd className={cn('text-right text-ink [overflow-wrap:anywhere]', row.strong ? 'text-lg font-bold' : 'font-semibold')}>{row.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** SummarySection is a titled SummaryList: the heading (an h3) names the section for assistive technology. */
export function SummarySection({ id, heading, rows }: { id: string; heading: string; rows: Array<SummaryRow | null | false> }) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="text-lg font-semibold text-ink">
        {heading}
      </h3>
      <SummaryList className="mt-3" rows={rows} />
    </section>
  );
}
