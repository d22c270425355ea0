import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useCreateFilterSet, useDeleteFilterSet, useFilterSets } from '../api/filter-sets';
import { TextField } from './fields';
import { filtersOnly, readSearch, type Filters } from '../lib/search-state';

/** SavedSets is Save Filter Set (named, to the account or session) and the sets saved before. */
export function SavedSets({ draft, onApply }: { draft: Filters; onApply: (f: Filters) => void }) {
  const { t } = useTranslation('scholarships');
  const sets = useFilterSets();
  const create = useCreateFilterSet();
  const remove = useDeleteFilterSet();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const save = async () => {
    try {
      await create.mutateAsync({ name: name.trim(), params: filtersOnly(draft) });
      toast({ title: t('search.setSaved') });
      setNaming(false);
      setName('');
    } catch (err) {
      toast({ title: errorMessage(err, t('search.setError')), variant: 'destructive' });
    }
  };
  const list = sets.data?.filter_sets ?? [];
  return (
    <div className="flex flex-col gap-3">
      {naming ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField id="filter-set-name" label={t('search.setName')} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          <Button variant="secondary" disabled={!name.trim() || create.isPending} onClick={() => void save()}>
            {t('search.saveConfirm')}
          </Button>
          <Button variant="ghost" onClick={() => setNaming(false)}>
            {t('search.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setNaming(true)}>
          {t('search.save')}
        </Button>
      )}
      {list.length > 0 && (
        <div>
          <p className="text-sm font-semibold text-slate-700">{t('search.savedSets')}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {list.map((s) => (
              <li key={s.id} className="flex items-center rounded-full border border-slate-300 bg-white">
                <button type="button" className="px-3 py-1 text-sm font-medium text-ink hover:underline" aria-label={t('search.applySet', { name: s.name })}
                  onClick={() => onApply(readSearch(new URLSearchParams(s.params)).filters)}>
                  {s.name}
                </button>
                <button type="button" className="px-2 py-1 text-sm text-slate-600 hover:text-red-700" aria-label={t('search.deleteSet', { name: s.name })}
                  onClick={() => remove.mutate(s.id, { onSuccess: () => toast({ title: t('search.setDeleted') }) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
