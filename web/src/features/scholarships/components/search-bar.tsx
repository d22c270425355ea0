import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Chip } from '../api/types';
import { chipLabel } from '../lib/chip-label';
import type { Mode } from '../lib/search-state';

interface Props {
  q: string;
  mode: Mode;
  understood: Chip[];
  /** hint is the server's "no_terms" when only function words were typed. */
  hint?: string;
  onSearch: (q: string) => void;
  onMode: (m: Mode) => void;
}

/** SearchBar is the mode toggle, the search box and what the query was understood as. */
export function SearchBar({ q, mode, understood, hint, onSearch, onMode }: Props) {
  const { t } = useTranslation('scholarships');
  const [draft, setDraft] = useState(q);
  const [synced, setSynced] = useState(q);
  if (synced !== q) {
    setSynced(q);
    setDraft(q);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const modes = [
    { id: 'keyword' as const, title: t('search.keyword'), desc: t('search.keywordDesc') },
    { id: 'semantic' as const, title: t('search.semantic'), desc: t('search.semanticDesc') },
  ];
  return (
    <div>
      <div role="group" aria-label={t('search.modeLabel')} className="grid gap-3 sm:grid-cols-2">
        {modes.map((m) => (
          <button
            key={m.id}
            type="button"
            aria-pressed={mode === m.id}
            onClick={() => onMode(m.id)}
            className={cn(
              'rounded-xl border-2 p-4 text-left',
              mode === m.id ? 'border-navy bg-white shadow-sm' : 'border-slate-200 bg-white/60 hover:border-slate-400',
            )}
          >
            <span className="flex flex-wrap items-center gap-2 font-bold text-ink">
              {m.title}
              {m.id === 'semantic' && mode === 'semantic' && (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('search.aiActive')}</span>
              )}
            </span>
            <span className="mt-1 block text-sm text-slate-700">{m.desc}</span>
          </button>
        ))}
      </div>
      <form role="search" onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row">
        <label htmlFor="scholarship-query" className="sr-only">
          {t('search.queryLabel')}
        </label>
        <input
          id="scholarship-query"
          type="search"
          value={draft}
          maxLength={300}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={mode === 'semantic' ? t('search.placeholderSemantic') : t('search.placeholderKeyword')}
          className="w-full flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {understood.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="understood">
          <span className="text-sm font-semibold text-slate-700">{t('search.understood')}</span>
          {understood.map((c) => (
            <span key={`${c.negated ? '!' : ''}${c.facet}:${c.value}`}
              className={cn('rounded-full px-2.5 py-1 text-sm', c.negated ? 'bg-rose-100 text-rose-950' : 'bg-indigo-100 text-indigo-950')}>
              {c.negated ? t('search.notChip', { label: chipLabel(t, c) }) : chipLabel(t, c)}
            </span>
          ))}
          <span className="w-full text-sm text-slate-700">{t('search.understoodApplied')}</span>
        </div>
      )}
      {hint === 'no_terms' && (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="search-hint">
          {t('search.hintNoTerms', { q })}
        </p>
      )}
    </div>
  );
}
