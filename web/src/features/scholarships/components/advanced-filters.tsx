import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/money';
import { SelectField, TextField } from './fields';
import { SavedSets } from './saved-sets';
import { filterOptions, type SelectFilter } from '../lib/options';
import { amountError, emptyFilters, type Filters } from '../lib/search-state';
import type { SearchResult } from '../api/types';

/** Counts are how many programs each option of a filter would leave (from the last search). */
export type Counts = SearchResult['counts'];

/**
 * optionLabel adds the count to an option that has one ("Athletic (0)"); an
 * option that would leave nothing is disabled unless it is the one applied.
 */
function choice(label: string, value: string, count: number | undefined, applied: string, format: (n: number) => string) {
  if (value === '' || count === undefined) return { value, label };
  return { value, label: `${label} (${format(count)})`, disabled: count === 0 && value !== applied };
}

const groups: Array<{ key: 'financial' | 'academic' | 'timing'; selects: SelectFilter[]; amounts?: boolean }> = [
  { key: 'financial', selects: ['award', 'renewable'], amounts: true },
  { key: 'academic', selects: ['field', 'level', 'year', 'gpa'] },
  { key: 'timing', selects: ['deadline', 'residency', 'category'] },
];

const labelKey: Record<SelectFilter, string> = {
  award: 'awardType', renewable: 'renewable', field: 'field', level: 'level', year: 'year', gpa: 'gpa',
  deadline: 'deadline', residency: 'residency', category: 'category',
};

/**
 * AdvancedFilters is the collapsible panel: the spec's three groups, every
 * control wired to the search. Changes are a draft until Apply Filters.
 */
export function AdvancedFilters({ applied, onApply, counts }: { applied: Filters; onApply: (f: Filters) => void; counts?: Counts }) {
  const { t } = useTranslation('scholarships');
  const [draft, setDraft] = useState(applied);
  const [synced, setSynced] = useState(applied);
  if (synced !== applied) {
    setSynced(applied);
    setDraft(applied);
  }
  const set = (k: keyof Filters, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const badAmount = amountError(draft);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!badAmount) onApply(draft);
  };
  const clear = () => {
    setDraft(emptyFilters);
    onApply(emptyFilters);
  };
  return (
    <form onSubmit={apply} noValidate className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        {groups.map((g) => (
          <fieldset key={g.key} className="min-w-0 space-y-4">
            <legend className="mb-2 text-base font-bold text-ink">{t(`search.groups.${g.key}`)}</legend>
            {g.amounts && (
              <div className="grid grid-cols-2 gap-3">
                <TextField id="filter-amount-min" type="number" min="0" step="500" inputMode="numeric" label={t('search.filters.amountMin')}
                  value={draft.amount_min} onChange={(e) => set('amount_min', e.target.value.replace(/\D/g, '').slice(0, 8))} />
                <TextField id="filter-amount-max" type="number" min="0" step="500" inputMode="numeric" label={t('search.filters.amountMax')}
                  value={draft.amount_max} onChange={(e) => set('amount_max', e.target.value.replace(/\D/g, '').slice(0, 8))}
                  error={badAmount ? t('search.filters.amountError') : undefined} />
              </div>
            )}
            {g.selects.map((k) => (
              <SelectField key={k} id={`filter-${k}`} label={t(`search.filters.${labelKey[k]}`)} value={draft[k]}
                hint={k === 'gpa' ? t('search.filters.gpaHint') : undefined}
                onChange={(e) => set(k, e.target.value)}
                choices={filterOptions[k].map((v) =>
                  choice(t(`search.options.${k}.${v}`), v, counts?.[k]?.[v], applied[k], (n) => formatNumber(n)),
                )} />
            ))}
          </fieldset>
        ))}
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-start sm:justify-between">
        <Button variant="ghost" onClick={clear}>
          {t('search.clear')}
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <SavedSets draft={draft} onApply={onApply} />
          <Button type="submit" disabled={badAmount}>
            {t('search.apply')}
          </Button>
        </div>
      </div>
    </form>
  );
}
