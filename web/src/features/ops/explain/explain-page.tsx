import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasCode, answerText } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useExplainPayment } from '../api/explain-payment';
import { AuditPanel } from '../audit/audit-panel';
import { useConsole } from '../ops-console';
import { PaymentsTable } from '../find/payments-table';
import { Section } from '../components/section';
import { PaymentSummary } from './payment-summary';
import { StatesTimeline } from './states-timeline';
import { PartnerCalls } from './partner-calls';
import { Webhooks } from './webhooks';
import { Emails } from './emails';
import { Ledger } from './ledger';
import { RailReferences } from './rail-references';
import { PaymentFixes } from './fix-actions';
import { Returns } from './returns';

/** ExplainPage is /ops/payments/:id: one payment's whole story on one screen. */
export function ExplainPage() {
  const { t } = useTranslation('ops');
  const { id = '' } = useParams();
  const { me } = useConsole();
  usePageMeta(t('explain.documentTitle', { id }));
  const q = useExplainPayment(id);
  if (q.isPending) return <p className="text-slate-600">{t('loading')}</p>;
  if (q.error) {
    return (
      <div className="space-y-4">
        <h1 className="break-all text-2xl font-bold text-ink">{id}</h1>
        <p role="alert" className="text-red-800">
          {hasCode(q.error, 'transaction_not_found') ? q.error.message : answerText(q.error, t('explain.failed'))}
        </p>
        <Link to="/ops" className="font-semibold text-blue-700 underline">
          {t('explain.backToFind')}
        </Link>
      </div>
    );
  }
  const e = q.data;
  const others = e.other_payments ?? [];
  // Finance and admins act on the payment; the API answers 404 to support.
  const finance = me.role !== 'support';
  return (
    <div className="space-y-6">
      <div>
        <Link to="/ops" className="text-sm font-semibold text-blue-700 underline">
          {t('explain.backToFind')}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-ink">
          {t('explain.title')} <span className="block break-all font-mono text-lg sm:inline">{e.payment.transaction_id}</span>
        </h1>
      </div>
      <PaymentSummary payment={e.payment} actions={finance ? <PaymentFixes payment={e.payment} /> : null} />
      <Returns returns={e.returns ?? []} canRecord={finance} />
      <StatesTimeline states={e.states ?? []} />
      <PartnerCalls calls={e.partner_calls ?? []} />
      <Webhooks webhooks={e.webhooks ?? []} transactionId={e.payment.transaction_id} canReplay={me.role !== 'support'} />
      <Emails emails={e.emails ?? []} transactionId={e.payment.transaction_id} />
      <Ledger postings={e.ledger ?? []} balances={e.balances ?? []} />
      <RailReferences rail={e.rail} method={e.payment.method} />
      <Section title={t('explain.others.title')}>
        {others.length === 0 ? <p className="text-slate-700">{t('explain.others.none')}</p> : <PaymentsTable payments={others} caption={t('explain.others.title')} />}
      </Section>
      <AuditPanel objectType="payment" objectId={e.payment.transaction_id} />
    </div>
  );
}
