import type { ReactNode } from 'react';

export interface TimelineItem {
  title: string;
  timing: string;
  description: string;
}

export interface TimelineProps {
  items: TimelineItem[];
  /** timingLabel is read before each timing by screen readers ("When"). */
  timingLabel?: string;
  /** extra renders more content under an item (a sample e-mail, say). */
  extra?: (item: TimelineItem, index: number) => ReactNode;
}

/** Timeline is a numbered vertical list of stages with their timing. */
export function Timeline({ items, timingLabel, extra }: TimelineProps) {
  return (
    <ol className="relative ml-5 space-y-8 border-l-2 border-slate-200 pl-8">
      {items.map((item, i) => (
        <li key={item.title} className="relative">
          <span
            aria-hidden="true"
            className="absolute left-[calc(-3.125rem-1px)] top-0 flex h-9 w-9 items-center justify-center rounded-full bg-navy text-sm font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-1 inline-block rounded-md bg-yellow-100 px-2.5 py-0.5 text-sm font-medium text-yellow-900">
            {timingLabel ? <span className="sr-only">{timingLabel}: </span> : null}
            {item.timing}
          </p>
          <p className="mt-2 text-slate-700">{item.description}</p>
          {extra ? extra(item, i) : null}
        </li>
      ))}
    </ol>
  );
}
