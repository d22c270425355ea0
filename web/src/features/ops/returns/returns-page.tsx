import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { answerText } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { useReturns, type OwedReturn, type ReturnedPayout } from '../api/returns';
import { Done } from '../components/action-form';
import { Section, TableScroll, td, th } from '../components/section';
import { useConsole } from '../ops-console';
import { RecordReturnForm } from './record-return-form';

/** ReturnsRoute is /ops/returns: finance and admins; support gets the not-found page, as the API answers 404. */
export function ReturnsRoute() {
  const { me, notFound } = useConsole();
  return me.role === 'support' ? <>{notFound}</> : <ReturnsPage />;
}

const dayMs = 24 * 60 * 60 * 1000;

/** ageDays is how many whole days ago iso was (0 today). */
export const ageDays = (iso: string, now = Date.now()) => Math.max(0, Math.floor((now - new Date(iso).getTime()) / dayMs));

const paymentLink = (txn: string) => (
  <Link to={`/ops/payments/${encodeURIComponent(txn)}`} className="break-all font-mono text-blue-700 underline">
    {txn}
  </Link>
);

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })}</time>;

/** ReturnsPage is the money owed back to payers, oldest first, with Record return, and the payouts that came back or failed. */
export function ReturnsPage() {
  const { t } = useTranslation('ops');
  usePageMeta(t('returns.documentTitle'));
  const q = useReturns();
  // What the last recording did: kept on the page, since the return leaves the list.
  const [done, setDone] = useState('');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t('returns.title')}</h1>
        <p className="mt-1 max-w-3xl text-slate-700">{t('returns.intro')}</p>
      </div>
      <Section title={t('returns.owed')}>
        {done ? <Done>{done}</Done> : null}
        {q.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : q.error ? (
          <p role="alert" className="text-red-800">
            {answerText(q.error, t('returns.failed'))}
          </p>
        ) : q.data.owed.length === 0 ? (
          <p className="text-slate-700">{t('returns.noneOwed')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {q.data.owed.map((r) => (
              <OwedItem key={r.id} ret={r} onDone={setDone} onStart={() => setDone('')} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('returns.payouts')}>
        <p className="mb-3 text-sm text-slate-700">{t('returns.payoutsIntro')}</p>
        {q.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : q.error ? null : q.data.payouts.length === 0 ? (
          <p className="text-slate-700">{t('returns.noPayouts')}</p>
        ) : (
          <Payouts payouts={q.data.payouts} />
        )}
      </Section>
    </div>
  );
}

/** OwedItem is one sum owed back: who, how much, why, since when, and Record return. */
function OwedItem({ ret: r, onDone, onStart }: { ret: OwedReturn; onDone: (msg: string) => void; onStart: () => void }) {
  const { t } = useTranslation('ops');
  const [open, setOpen] = useState(false);
  const heading = `${formatMoney(r.amount, r.currency)} · ${r.payer_name || r.payer_email}`;
  return (
    <li className="py-4 first:pt-0">
      <article aria-label={heading}>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="font-semibold text-ink">{heading}</h3>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('returns.age', { count: ageDays(r.opened_at) })}</span>
        </div>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('returns.payer')}</dt>
          <dd className="break-all">
            {r.payer_name ? `${r.payer_name} · ` : ''}
            {r.payer_email}
          </dd>
          <dt className="font-semibold">{t('returns.payment')}</dt>
          <dd>{paymentLink(r.transaction_id)}</dd>
          <dt className="font-semibold">{t('returns.kind')}</dt>
          <dd>{t(`returns.kinds.${r.kind}`)}</dd>
          <dt className="font-semibold">{t('returns.cause')}</dt>
          <dd>{r.cause}</dd>
          <dt className="font-semibold">{t('returns.opened')}</dt>
          <dd>{when(r.opened_at)}</dd>
        </dl>
        {!open ? (
          <Button
            size="sm"
            className="mt-3"
            aria-label={`${t('returns.record')}: ${heading}`}
            onClick={() => {
              onStart();
              setOpen(true);
            }}
          >
            {t('returns.record')}
          </Button>
        ) : (
          <RecordReturnForm
            returnId={r.id}
            what={heading}
            onDone={(msg) => {
              setOpen(false);
              onDone(msg);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </article>
    </li>
  );
}

/** Payouts is the table of payouts that came back (pay out again on Explain) or failed (a case for the partner's support). */
function Payouts({ payouts }: { payouts: ReturnedPayout[] }) {
  const { t } = useTranslation('ops');
  return (
    <TableScroll label={t('returns.payouts')}>
      <table className="w-full border-collapse">
        <caption className="sr-only">{t('returns.payouts')}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t('returns.payment')}
            </th>
            <th scope="col" className={th}>
              {t('returns.payerEmail')}
            </th>
            <th scope="col" className={th}>
              {t('table.usd')}
            </th>
            <th scope="col" className={th}>
              {t('returns.payoutStatus')}
            </th>
            <th scope="col" className={th}>
              {t('returns.updated')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => (
            <tr key={`${p.transaction_id}-${p.offramp_id}`}>
              <td className={td}>{paymentLink(p.transaction_id)}</td>
              <td className={`${td} break-all`}>{p.payer_email}</td>
              <td className={`${td} whitespace-nowrap`}>{formatMoney(p.amount_usd, 'USD')}</td>
              <td className={td}>{p.offramp_status === 'refunded' || p.offramp_status === 'failed' ? t(`returns.payoutStatuses.${p.offramp_status}`) : p.offramp_status}</td>
              <td className={`${td} whitespace-nowrap`}>{when(p.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
