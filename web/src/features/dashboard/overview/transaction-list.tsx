import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/money';
import { useTransactions, type Transaction } from '../api/dashboard-api';
import { pageCount, signedAmount } from '../lib/status';
import { StatusBadge } from './status-badge';

/** TransactionList is Recent Transactions: newest first, 20 a page (?page=). */
export function TransactionList({ page }: { page: number }) {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const q = useTransactions(page);
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };
  const pages = q.data ? pageCount(q.data.total, q.data.page_size) : 1;
  return (
    <Card className="p-0">
      <h2 id="recent-heading" className="px-5 pt-5 text-lg font-bold text-ink">
        {t('transactions.heading')}
      </h2>
      {q.isPending ? <p className="px-5 py-4 text-slate-600">{t('loading')}</p> : null}
      {q.isError ? (
        <p role="alert" className="px-5 py-4 text-red-800">
          {t('transactions.error')}
        </p>
      ) : null}
      {q.data ? (
        <ul aria-labelledby="recent-heading" className="mt-3 divide-y divide-slate-200">
          {q.data.transactions.map((tx) => (
            <Row key={tx.transaction_id} tx={tx} />
          ))}
        </ul>
      ) : null}
      {q.data && q.data.transactions.length === 0 ? <p className="px-5 py-4 text-slate-700">{t('transactions.noneOnPage')}</p> : null}
      {pages > 1 ? (
        <nav aria-label={t('transactions.pagesLabel')} className="flex items-center justify-between border-t border-slate-200 px-5 py-3">
          <button type="button" disabled={page <= 1} onClick={() => goTo(page - 1)} className="font-semibold text-blue-800 disabled:text-slate-400">
            {t('transactions.previous')}
          </button>
          <span className="text-sm text-slate-700">{t('transactions.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => goTo(page + 1)} className="font-semibold text-blue-800 disabled:text-slate-400">
            {t('transactions.next')}
          </button>
        </nav>
      ) : null}
    </Card>
  );
}

function Row({ tx }: { tx: Transaction }) {
  const { t } = useTranslation('dashboard');
  const method = tx.local_currency === 'MXN' ? 'spei' : 'pix';
  return (
    <li>
      <Link
        to={`/dashboard?payment=${encodeURIComponent(tx.transaction_id)}`}
        className="grid gap-2 px-5 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:grid-cols-[1fr_auto] sm:items-center"
      >
        <span className="min-w-0">
          <span className="block truncate font-semibold text-ink">{tx.recipient || t('transactions.recipientUnknown')}</span>
          <span className="block truncate font-mono text-xs text-slate-600">
            <span className="sr-only">{t('transactions.reference')}: </span>
            {tx.transaction_id}
          </span>
          <span className="mt-1 block text-xs text-slate-600">{formatDateTime(new Date(tx.created_at), { dateStyle: 'medium' })}</span>
        </span>
        <span className="flex flex-col gap-1 sm:items-end">
          <span className={`font-semibold ${tx.direction === 'received' ? 'text-green-800' : 'text-ink'}`}>
            {signedAmount(tx.amount_usd, tx.direction)}
          </span>
          <StatusBadge group={tx.status_group} state={tx.status} method={method} />
        </span>
      </Link>
    </li>
  );
}
