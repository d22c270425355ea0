import { useId, type ReactNode } from 'react';

/** Section is one titled part of a console page, named by its heading. */
export function Section({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** TableScroll lets a wide table scroll inside its own box instead of widening the page. */
export function TableScroll({ children, label }: { children: ReactNode; label: string }) {
  return (
    // A focusable scroll region, so that keyboard users can scroll it too.
    <div className="max-w-full overflow-x-auto" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export const th = 'whitespace-nowrap border-b border-slate-200 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
export const td = 'border-b border-slate-100 px-3 py-2 align-top text-sm text-slate-800';
