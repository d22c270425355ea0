import './strings';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { useSearch } from './api/search';
import { useTrack, useTracker } from './api/tracker';
import { useCreateAlert } from './api/alerts';
import { AdvancedFilters } from './components/advanced-filters';
import { ResultCard } from './components/result-card';
import { SearchBar } from './components/search-bar';
import { countFilters, readSearch, writeSearch, type SearchState, type Sort } from './lib/search-state';

const sorts: Sort[] = ['best', 'deadline', 'magic'];

/**
 * ScholarshipSearchPage (/scholarship-search): keyword or natural-language
 * search over the catalog, matched to the saved profile, with the Advanced
 * Filters, three sorts and paged result cards. All of it lives in the URL.
 */
export function ScholarshipSearchPage() {
  const { t } = useTranslation('scholarships');
  usePageMeta(t('search.metaTitle'), t('search.tagline'));
  const [params, setParams] = useSearchParams();
  const state = readSearch(params);
  const query = writeSearch(state).toString();
  const search = useSearch(query);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const update = (patch: Partial<SearchState>) => {
    setExpanded(null);
    setParams(writeSearch({ ...state, page: 1, ...patch }));
  };
  const data = search.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const active = countFilters(state.filters);

  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('search.title')}</h1>
        <p className="mt-2 text-lg text-slate-700">{t('search.tagline')}</p>

        <div className="mt-6">
          <SearchBar q={state.q} mode={state.mode} understood={data?.understood ?? []} hint={data?.hint} onSearch={(q) => update({ q })} onMode={(mode) => update({ mode })} />
        </div>

        <p className="mt-4 text-base text-slate-700">
          {data?.profile_applied ? t('search.profileApplied') : t('search.noProfile')}{' '}
          <Link to="/signup-stage1" className="font-semibold text-blue-800 underline">
            {t('search.editProfile')}
          </Link>
        </p>
        <label htmlFor="partial-matches" className="mt-3 flex items-start gap-2 text-base text-slate-800">
          <input id="partial-matches" type="checkbox" className="mt-1 h-4 w-4 accent-navy" checked={state.partial}
            onChange={(e) => update({ partial: e.target.checked })} />
          <span>{t('search.partial')}</span>
        </label>

        <Card className="mt-4 p-0">
          <button type="button" aria-expanded={open} aria-controls="advanced-filters" onClick={() => setOpen(!open)}
            className="flex w-full items-center justify-between rounded-2xl px-6 py-4 text-left text-lg font-bold text-ink hover:bg-slate-50">
            <span>
              {t('search.advanced')}
              {active > 0 && <span className="ml-2 rounded-full bg-navy px-2 py-0.5 text-sm text-white">{active}</span>}
            </span>
            <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </button>
          <div id="advanced-filters" hidden={!open} className="border-t border-slate-200 px-6 py-5">
            <AdvancedFilters applied={state.filters} counts={data?.counts} onApply={(filters) => update({ filters })} />
          </div>
        </Card>

        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div aria-live="polite">
            <h2 className="text-xl font-bold text-ink">{data ? t('search.found', { count: data.total }) : t('search.loading')}</h2>
            <p className="text-sm text-slate-700">{t('search.sortedBy', { sort: t(`search.sorts.${state.sort}`) })}</p>
          </div>
          <div role="group" aria-label={t('search.sortLabel')} className="flex gap-2">
            {sorts.map((s) => (
              <button key={s} type="button" aria-pressed={state.sort === s} onClick={() => update({ sort: s })}
                className={cn('rounded-lg border px-4 py-2 text-sm font-semibold',
                  state.sort === s ? 'border-navy bg-navy text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-100')}>
                {t(`search.sorts.${s}`)}
              </button>
            ))}
          </div>
        </div>
        <p className="mt-2 text-sm text-slate-700">{t('search.magicDefinition')}</p>
        <AlertAction key={writeSearch({ ...state, page: 1 }).toString()} params={writeSearch({ ...state, page: 1 }).toString()} />

        {search.isError && (
          <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            {t('search.error', { message: search.error.message })}{' '}
            <Button variant="link" onClick={() => void search.refetch()}>
              {t('search.retry')}
            </Button>
          </div>
        )}
        {data && data.total === 0 && <p className="mt-6 text-base text-slate-700">{t('search.empty')}</p>}
        <ol className={cn('mt-6 space-y-4', search.isFetching && 'opacity-70')} aria-busy={search.isFetching}>
          {data?.results.map((p) => (
            <li key={p.id}>
              <ResultCard p={p} expanded={expanded === p.id} onToggle={() => setExpanded(expanded === p.id ? null : p.id)}
                trackAction={<TrackAction programID={p.id} title={p.title} />} />
            </li>
          ))}
        </ol>
        {data && pages > 1 && (
          <nav aria-label={t('search.pagination')} className="mt-6 flex items-center justify-between gap-3">
            <Button variant="outline" disabled={state.page <= 1} onClick={() => update({ page: state.page - 1 })}>
              {t('search.prev')}
            </Button>
            <span className="text-sm text-slate-700">{t('search.page', { page: state.page, pages })}</span>
            <Button variant="outline" disabled={state.page >= pages} onClick={() => update({ page: state.page + 1 })}>
              {t('search.nextPage')}
            </Button>
          </nav>
        )}
      </div>
    </main>
  );
}

/** TrackAction saves a program to the signed-in student's tracker (a guest is asked to sign in). */
function TrackAction({ programID, title }: { programID: string; title: string }) {
  const { t } = useTranslation('scholarships');
  const me = useMe().data;
  const tracker = useTracker(!!me);
  const track = useTrack();
  if (!me) {
    return (
      <Link to="/signin" className="inline-block text-sm font-semibold text-blue-800 underline">
        {t('tracker.signInToSave')}
      </Link>
    );
  }
  if (tracker.data?.applications.some((a) => a.program_id === programID)) {
    return (
      <Link to="/dashboard/scholarships" className="inline-block text-sm font-semibold text-emerald-900 underline">
        {t('tracker.inTracker')}
      </Link>
    );
  }
  return (
    <Button variant="outline" size="sm" disabled={track.isPending || !tracker.data} aria-label={`${t('tracker.save')}: ${title}`}
      onClick={() => track.mutate(programID, {
        onSuccess: () => toast({ title: t('tracker.savedToast') }),
        onError: (err) => toast({ title: errorMessage(err, t('tracker.saveError')), variant: 'destructive' }),
      })}>
      {t('tracker.save')}
    </Button>
  );
}

/** AlertAction opts the signed-in student in to e-mail alerts for this search (confirmed by e-mail). */
function AlertAction({ params }: { params: string }) {
  const { t } = useTranslation('scholarships');
  const me = useMe().data;
  const create = useCreateAlert();
  if (!me) {
    return (
      <Link to="/signin" className="mt-3 inline-block text-sm font-semibold text-blue-800 underline">
        {t('alerts.signInToSubscribe')}
      </Link>
    );
  }
  return (
    <div className="mt-3">
      {create.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-emerald-900">{t('alerts.subscribed')}</p>
      ) : (
        <Button variant="outline" size="sm" disabled={create.isPending}
          onClick={() => create.mutate(params, { onError: (err) => toast({ title: errorMessage(err, t('alerts.subscribeError')), variant: 'destructive' }) })}>
          {t('alerts.subscribe')}
        </Button>
      )}
    </div>
  );
}
