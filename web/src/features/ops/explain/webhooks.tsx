import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/money';
import type { Explanation } from '../api/explain-payment';
import { Details } from '../components/json-details';
import { Section } from '../components/section';
import { ReplayWebhook } from './fix-actions';

type Webhook = NonNullable<Explanation['webhooks']>[number];

/** Webhooks lists the partner's events received about the payment, with their headers and raw body. */
export function Webhooks({ webhooks, transactionId, canReplay }: { webhooks: Webhook[]; transactionId: string; canReplay: boolean }) {
  const { t } = useTranslation('ops');
  return (
    <Section title={t('explain.webhooks.title')}>
      {webhooks.length === 0 ? (
        <p className="text-slate-700">{t('explain.webhooks.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {webhooks.map((w) => (
            <li key={w.id} className="py-3 first:pt-0">
              <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                <span className="font-mono text-sm font-semibold text-ink">{w.type}</span>
                <span className="text-sm font-semibold text-green-800">{t(`explain.webhooks.signature.${w.signature}`)}</span>
                <span className="text-sm text-slate-700">
                  {t('explain.webhooks.received')}{' '}
                  <time dateTime={w.received_at}>{formatDateTime(new Date(w.received_at), { dateStyle: 'medium', timeStyle: 'medium' })}</time>
                </span>
              </div>
              <dl className="mt-1 grid grid-cols-1 gap-x-4 text-xs text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{t('explain.webhooks.id')}</dt>
                <dd className="break-all font-mono">{w.id}</dd>
                <dt className="font-semibold">{t('explain.webhooks.outcome')}</dt>
                <dd className="break-all font-mono">{w.outcome || '—'}</dd>
                <dt className="font-semibold">{t('explain.webhooks.processed')}</dt>
                <dd>{w.processed_at ? formatDateTime(new Date(w.processed_at), { dateStyle: 'medium', timeStyle: 'medium' }) : t('explain.webhooks.notProcessed')}</dd>
              </dl>
              <Details summary={t('explain.webhooks.headers')} text={w.headers} />
              <Details summary={t('explain.webhooks.body')} text={w.body} />
              {canReplay ? <ReplayWebhook transactionId={transactionId} eventId={w.id} type={w.type} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
