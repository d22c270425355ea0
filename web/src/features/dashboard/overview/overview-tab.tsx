import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useOverview } from '../api/dashboard-api';
import { TransactionDetailView } from './transaction-detail';
import { TransactionList } from './transaction-list';
import { ReferralsPanel } from './referrals-panel';

/** readPage parses ?page= at the boundary: a whole number from 1, else 1. */
export function readPage(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 5000 ? n : 1;
}

/** OverviewTab is the Dashboard tab: the totals and Recent Transactions, or one payment's detail (?payment=). */
export function OverviewTab() {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  const overview = useOverview();
  const paymentId = params.get('payment');
  if (paymentId) return <TransactionDetailView id={paymentId} />;
  if (overview.isPending) return <p className="text-slate-600">{t('loading')}</p>;
  if (overview.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        {t('overview.error')}
      </p>
    );
  }
  const o = overview.data;
  // The referral panel is every signed-in account's, not only a payer's (issue 26, item 6).
  if (o.payment_count === 0) {
    return (
      <div className="space-y-6">
        <EmptyState />
        <ReferralsPanel />
      </div>
    );
  }
  const cards = [
    { key: 'totalSent', value: o.total_sent_usd },
    { key: 'totalReceived', value: o.total_received_usd },
    { key: 'pending', value: o.pending_usd },
  ];
  return (
    <div className="space-y-6">
      <section aria-label={t('overview.totalsLabel')} className="grid gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.key} className="p-5">
            <h2 className="text-sm font-medium text-slate-700">{t(`overview.${c.key}`)}</h2>
            <p className="mt-2 text-2xl font-bold text-ink" data-testid={`total-${c.key}`}>
              {formatMoney(c.value, 'USD')}
            </p>
            <p className="mt-1 text-xs text-slate-600">{t(`overview.${c.key}Hint`)}</p>
          </Card>
        ))}
      </section>
      <TransactionList page={readPage(params.get('page'))} />
      <ReferralsPanel />
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex flex-col items-center py-12 text-center">
      <svg aria-hidden="true" viewBox="0 0 48 48" width="56" height="56" className="text-navy">
        <rect x="6" y="12" width="36" height="24" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M6 20h36" stroke="currentColor" strokeWidth="3" />
        <circle cx="34" cy="29" r="3" fill="#facc15" />
      </svg>
      <h2 className="mt-4 text-xl font-bold text-ink">{t('empty.title')}</h2>
      <p className="mt-2 max-w-md text-slate-700">{t('empty.body')}</p>
      <Link to="/dashboard/payment" className="mt-6 rounded-lg bg-navy px-5 py-3 font-semibold text-white hover:bg-navy-light">
        {t('empty.cta')}
      </Link>
    </Card>
  );
}
