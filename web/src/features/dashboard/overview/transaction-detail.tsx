import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ReceiptLink } from '@/components/receipt-link';
import { StageList } from '@/features/payments/progress/stage-list';
import { formatDateTime, formatMoney, formatRate } from '@/lib/money';
import { useTransaction, type TransactionDetail } from '../api/dashboard-api';
import { StatusBadge } from './status-badge';
import { RefundNotice } from '@/features/payments/progress/refund-notice';

/** TransactionDetailView is one payment: amounts, rate, fees, delivery, its stages and what the payer can do next. */
export function TransactionDetailView({ id }: { id: string }) {
  const { t } = useTranslation('dashboard');
  const q = useTransaction(id);
  return (
    <div className="space-y-4">
      <Link to="/dashboard" className="inline-block font-semibold text-blue-800 underline underline-offset-2">
        {t('detail.back')}
      </Link>
      {q.isPending ? <p className="text-slate-600">{t('loading')}</p> : null}
      {q.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {t('detail.notFound')}
        </p>
      ) : null}
      {q.data ? <Detail d={q.data} /> : null}
    </div>
  );
}

function Detail({ d }: { d: TransactionDetail }) {
  const { t } = useTranslation('dashboard');
  const currency = d.local_currency === 'MXN' ? 'MXN' : 'BRL';
  const rows: Array<[string, string]> = [
    [t('detail.reference'), d.transaction_id],
    [t('detail.date'), formatDateTime(new Date(d.created_at))],
    [t('detail.youSent'), formatMoney(d.amount_local, currency)],
    [t('detail.recipientGets'), formatMoney(d.amount_usd, 'USD')],
    [t('detail.rate'), t('detail.rateValue', { rate: formatRate(Number(d.effective_rate)), currency })],
    [t('detail.fees'), formatMoney(d.total_fees_usd, 'USD')],
    [t('detail.method'), t(`detail.methods.${d.method}`)],
    [t('detail.delivery'), deliveryText(t, d)],
  ];
  return (
    <>
      <Card>
        <h2 className="text-2xl font-bold text-ink">{d.recipient || t('transactions.recipientUnknown')}</h2>
        <div className="mt-2">
          <StatusBadge group={d.status_group} state={d.status} method={d.method} refund={d.refund} />
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className="text-sm text-slate-600">{k}</dt>
              <dd className="break-all font-medium text-ink">{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h3 className="text-lg font-bold text-ink">{t('detail.next.heading')}</h3>
        <NextAction d={d} />
      </Card>
      <Card>
        <h3 id="detail-stages" className="mb-4 text-lg font-bold text-ink">
          {t('detail.stages')}
        </h3>
        <StageList stages={d.stages} method={d.method} refund={d.refund} labelledBy="detail-stages" />
      </Card>
    </>
  );
}

type T = ReturnType<typeof useTranslation<'dashboard'>>['t'];

function deliveryText(t: T, d: TransactionDetail): string {
  if (d.delivery_method === 'check-to-school') return t('detail.deliveryCheck');
  if (d.bank_name && d.bank_account_number) return t('detail.deliveryBank', { bank: d.bank_name, account: d.bank_account_number });
  return t('detail.deliveryBankPlain');
}

function NextAction({ d }: { d: TransactionDetail }) {
  const { t } = useTranslation('dashboard');
  const track = `/track?transaction_id=${encodeURIComponent(d.transaction_id)}`;
  switch (d.next_action) {
    case 'pay':
      return (
        <div className="mt-2 space-y-2 text-slate-800">
          <p>{t(d.method === 'spei' ? 'detail.next.paySpei' : 'detail.next.payPix', { time: formatDateTime(new Date(d.expires_at)) })}</p>
          {d.method === 'pix' && d.pix_code ? (
            <p>
              <span className="text-sm text-slate-600">{t('detail.next.pixCode')}</span>
              <code className="mt-1 block break-all rounded bg-slate-100 p-2 text-xs">{d.pix_code}</code>
            </p>
          ) : null}
          {d.method === 'spei' && d.deposit_address ? (
            <p>
              {t('detail.next.clabe')}: <code className="font-mono">{d.deposit_address}</code>
              {d.deposit_bank_name ? ` — ${d.deposit_bank_name}` : ''}
            </p>
          ) : null}
          <Link to={track} className="inline-block font-semibold text-blue-800 underline underline-offset-2">
            {t('detail.next.follow')}
          </Link>
        </div>
      );
    case 'receipt':
      return (
        <div className="mt-2 space-y-2 text-slate-800">
          <p>{t('detail.next.done')}</p>
          <ReceiptLink transactionId={d.transaction_id} />
        </div>
      );
    case 'new_payment':
      return (
        <div className="mt-2 space-y-2 text-slate-800">
          <p>{t('detail.next.ended')}</p>
          <Link to="/dashboard/payment" className="inline-block font-semibold text-blue-800 underline underline-offset-2">
            {t('empty.cta')}
          </Link>
        </div>
      );
    case 'refund':
      return (
        <div className="mt-2 space-y-2 text-slate-800">
          {d.refund ? <RefundNotice refund={d.refund} /> : <p>{t('detail.next.refund')}</p>}
          {d.failure_reason ? <p className="text-sm text-slate-700">{d.failure_reason}</p> : null}
          <Link to="/dashboard/support" className="inline-block font-semibold text-blue-800 underline underline-offset-2">
            {t('nav.support')}
          </Link>
        </div>
      );
    default:
      return (
        <div className="mt-2 space-y-2 text-slate-800">
          <p>{t('detail.next.wait')}</p>
          <Link to={track} className="inline-block font-semibold text-blue-800 underline underline-offset-2">
            {t('detail.next.follow')}
          </Link>
        </div>
      );
  }
}
