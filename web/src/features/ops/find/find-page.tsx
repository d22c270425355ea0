import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, answerText } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useFindPayments } from '../api/find-payments';
import { Section } from '../components/section';
import { apiSearch, fromParams, isSearchField, toParams, type FindValues } from '../lib/search';
import { PaymentsTable } from './payments-table';
import { PeopleSearch } from './people-search';
import { SearchForm } from './search-form';

/** FindPage is /ops: payments found by the search in the URL, 50 a page, and people by e-mail. */
export function FindPage() {
  const { t } = useTranslation('ops');
  usePageMeta(t('find.documentTitle'));
  const [params, setParams] = useSearchParams();
  const search = apiSearch(params);
  const found = useFindPayments(search);
  const person = params.get('person') ?? '';

  const keepPerson = (p: URLSearchParams) => {
    if (person) p.set('person', person);
    return p;
  };
  const onSearch = (v: FindValues) => setParams(keepPerson(toParams(v)));
  const onPerson = (email: string) => {
    const p = new URLSearchParams(params);
    if (email) p.set('person', email);
    else p.delete('person');
    setParams(p);
  };

  const err = found.error;
  const fieldError = err instanceof ApiError && err.status === 400 && isSearchField(err.field) ? { field: err.field, message: err.message } : null;
  const next = found.data?.next;
  // The next page is the same search after the last payment shown.
  const pageLink = (after: string) => {
    const p = toParams(fromParams(params));
    if (after) p.set('after', after);
    const q = keepPerson(p).toString();
    return q ? `?${q}` : '/ops';
  };
  const nextLink = next ? pageLink(next) : '';
  const firstLink = params.get('after') ? pageLink('') : '';
  const title = t('find.results');

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{t('find.title')}</h1>
      <Section title={t('find.paymentsTitle')}>
        {/* A new search (Back, Forward, a shared link) starts a fresh form. */}
        <SearchForm key={toParams(fromParams(params)).toString()} initial={fromParams(params)} onSearch={onSearch} serverError={fieldError} />
      </Section>
      <Section title={title}>
        {found.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : err && !fieldError ? (
          <p role="alert" className="text-red-800">
            {answerText(err, t('find.failed'))}
          </p>
        ) : fieldError ? (
          <p className="text-slate-700">{t('find.fixSearch')}</p>
        ) : !found.data || found.data.payments.length === 0 ? (
          <p className="text-slate-700">{t('find.none')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700" role="status">
              {t('find.count', { count: found.data.payments.length })}
            </p>
            <PaymentsTable payments={found.data.payments} caption={title} />
          </>
        )}
        {firstLink || nextLink ? (
          <div className="mt-4 flex flex-wrap gap-4">
            {firstLink ? (
              <Link to={firstLink} className="font-semibold text-blue-700 underline">
                {t('find.firstPage')}
              </Link>
            ) : null}
            {nextLink && !err ? (
              <Link to={nextLink} className="font-semibold text-blue-700 underline">
                {t('find.nextPage')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </Section>
      <PeopleSearch key={person} email={person} onSearch={onPerson} />
    </div>
  );
}
