import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, answerText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { useFindPeople } from '../api/find-people';
import { Section, TableScroll, td, th } from '../components/section';

/** PeopleSearch finds the account and the guest payer profiles with an e-mail address (kept in the URL as `person`). */
export function PeopleSearch({ email, onSearch }: { email: string; onSearch: (email: string) => void }) {
  const { t } = useTranslation('ops');
  const [typed, setTyped] = useState(email);
  const people = useFindPeople(email);
  const err = people.error;
  const fieldError = err instanceof ApiError && err.field === 'email' ? err.message : undefined;
  const title = t('people.title');
  return (
    <Section title={title}>
      <form
        role="search"
        aria-label={title}
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(typed.trim());
        }}
      >
        <TextField
          id="ops-person"
          className="min-w-0 flex-1 basis-64"
          type="email"
          autoComplete="off"
          label={t('people.email')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={fieldError}
        />
        <Button type="submit" className="mb-0">
          {t('people.search')}
        </Button>
      </form>
      {email === '' ? null : people.isPending ? (
        <p className="mt-4 text-slate-600">{t('loading')}</p>
      ) : err ? (
        fieldError ? null : (
          <p role="alert" className="mt-4 text-red-800">
            {answerText(err, t('people.failed'))}
          </p>
        )
      ) : people.data.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('people.none')}</p>
      ) : (
        <div className="mt-4">
          <TableScroll label={t('people.results')}>
            <table className="w-full min-w-[40rem] border-collapse">
              <caption className="sr-only">{t('people.results')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>{t('people.kind')}</th>
                  <th scope="col" className={th}>{t('people.name')}</th>
                  <th scope="col" className={th}>{t('people.since')}</th>
                  <th scope="col" className={th}>{t('people.state')}</th>
                  <th scope="col" className={th}>{t('people.payments')}</th>
                </tr>
              </thead>
              <tbody>
                {people.data.map((p) => (
                  <tr key={p.id}>
                    <td className={td}>{t(`people.kinds.${p.kind}`)}</td>
                    <td className={td}>
                      <span className="block font-medium">{p.name || '—'}</span>
                      <span className="block break-all text-xs text-slate-600">{p.email}</span>
                      <span className="block font-mono text-xs text-slate-500">{p.id}</span>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(new Date(p.created_at))}</td>
                    <td className={td}>
                      {p.closed ? t('people.closed') : p.kind === 'account' ? (p.verified ? t('people.verified') : t('people.unverified')) : '—'}
                    </td>
                    <td className={td}>
                      <Link to={`/ops?q=${encodeURIComponent(p.email)}`} className="font-semibold text-blue-700 underline">
                        {t('people.paymentsLink', { count: p.payments })}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </Section>
  );
}
