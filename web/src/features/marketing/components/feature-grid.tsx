import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Feature {
  key: string;
  title: string;
  body: string;
  icon: ReactNode;
}

/** FeatureGrid lays out titled cards with an icon. */
export function FeatureGrid({ features, columns, dark }: { features: Feature[]; columns: 3 | 4 | 5; dark?: boolean }) {
  return (
    <ul
      className={cn(
        'mt-12 grid gap-5 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
        columns === 5 && 'lg:grid-cols-3 2xl:grid-cols-5',
      )}
    >
      {features.map((f) => (
        <li
          key={f.key}
          className={cn(
            'rounded-2xl p-6',
            dark ? 'bg-white/5 ring-1 ring-white/10' : 'border border-slate-200 bg-white shadow-sm',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('flex h-11 w-11 items-center justify-center rounded-xl', dark ? 'bg-brand text-navy' : 'bg-navy text-brand')}
          >
            {f.icon}
          </span>
          <h3 className={cn('mt-4 text-lg font-bold', dark ? 'text-white' : 'text-ink')}>{f.title}</h3>
          <p className={cn('mt-2 leading-relaxed', dark ? 'text-slate-300' : 'text-slate-600')}>{f.body}</p>
        </li>
      ))}
    </ul>
  );
}
