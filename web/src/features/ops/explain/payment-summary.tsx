import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatRate } from '@/lib/money';
import type { Explanation } from '../api/explain-payment';
import { StateBadge } from '../components/state-badge';
import { Section } from '../components/section';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const mono = (s: string | undefined) => (s ? <span className="break-all font-mono text-xs">{s}</span> : '—');

/** PaymentSummary is the payment as it stands: amounts, payer, method, the partner's ids, an open hold; actions are the Fix actions on the whole payment. */
export function PaymentSummary({ payment: p, actions }: { payment: Explanation['payment']; actions?: ReactNode }) {
  const { t } = useTranslation('ops');
  const rate = Number(p.effective_rate);
  return (
    <Section title={t('explain.summary.title')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item label={t('table.status')}>
          <StateBadge state={p.status} />
        </Item>
        <Item label={t('table.created')}>{formatDateTime(new Date(p.created_at))}</Item>
        <Item label={t('explain.summary.expires')}>{formatDateTime(new Date(p.expires_at))}</Item>
        <Item label={t('table.corridor')}>
          {t(`corridors.${p.corridor}`)} · {t(`methods.${p.method}`)}
        </Item>
        <Item label={t('table.local')}>{formatMoney(p.amount_local, p.currency)}</Item>
        <Item label={t('table.usd')}>{formatMoney(p.amount_usd, 'USD')}</Item>
        <Item label={t('explain.summary.fees')}>{formatMoney(p.fees_usd, 'USD')}</Item>
        <Item label={t('explain.summary.rate')}>
          {Number.isFinite(rate) ? t('explain.summary.rateValue', { rate: formatRate(rate), currency: p.currency }) : p.effective_rate}
        </Item>
        <Item label={t('table.payer')}>
          {p.payer_name}
          <span className="block break-all text-xs text-slate-600">{p.payer_email}</span>
        </Item>
        <Item label={t('explain.summary.sender')}>{p.sender_name || '—'}</Item>
        <Item label={t('explain.summary.recipient')}>{p.recipient || '—'}</Item>
        <Item label={t('explain.summary.delivery')}>{t(`deliveries.${p.delivery}`, { defaultValue: p.delivery })}</Item>
        <Item label={t('explain.summary.taxId')}>{p.tax_id_last4 ? `•••${p.tax_id_last4}` : '—'}</Item>
        <Item label={t('explain.summary.bank')}>{p.bank_last4 ? `•••${p.bank_last4}` : '—'}</Item>
        <Item label={t('explain.summary.kyc')}>{p.kyc_status || '—'}</Item>
        <Item label={t('explain.summary.customer')}>{mono(p.customer_id)}</Item>
        <Item label={t('explain.summary.account')}>{mono(p.account_id)}</Item>
        <Item label={t('explain.summary.payin')}>{mono(p.partner_payin_id)}</Item>
        <Item label={t('explain.summary.offramp')}>{mono(p.offramp_id)}</Item>
        {p.offramp_status ? <Item label={t('explain.summary.offrampStatus')}>{p.offramp_status}</Item> : null}
        {p.failure_reason ? <Item label={t('explain.summary.failure')}>{p.failure_reason}</Item> : null}
      </dl>
      {p.hold ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('explain.summary.onHold', { since: formatDateTime(new Date(p.hold.since)), by: p.hold.by, reason: p.hold.reason })}
        </p>
      ) : null}
      {actions}
    </Section>
  );
}
