import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/money';
import type { Explanation } from '../api/explain-payment';
import { Details } from '../components/json-details';
import { Section } from '../components/section';

type Call = NonNullable<Explanation['partner_calls']>[number];

/** PartnerCalls lists every call to the partner about the payment, its payer profile and bank account. */
export function PartnerCalls({ calls }: { calls: Call[] }) {
  const { t } = useTranslation('ops');
  return (
    <Section title={t('explain.calls.title')}>
      {calls.length === 0 ? (
        <p className="text-slate-700">{t('explain.calls.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {calls.map((c, i) => (
            <li key={`${c.idempotency_key}-${i}`} className="py-3 first:pt-0">
              <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                <span className="font-mono text-sm font-semibold text-ink">{c.operation}</span>
                <span className={c.outcome === 'ok' ? 'text-sm font-semibold text-green-800' : 'text-sm font-semibold text-red-800'}>{c.outcome}</span>
                <span className="text-sm text-slate-700">{t('explain.calls.duration', { ms: c.duration_ms })}</span>
                <time dateTime={c.at} className="text-sm text-slate-700">
                  {formatDateTime(new Date(c.at), { dateStyle: 'medium', timeStyle: 'medium' })}
                </time>
              </div>
              <dl className="mt-1 grid grid-cols-1 gap-x-4 text-xs text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{t('explain.calls.about')}</dt>
                <dd className="break-all font-mono">{c.about}</dd>
                <dt className="font-semibold">{t('explain.calls.key')}</dt>
                <dd className="break-all font-mono">{c.idempotency_key || '—'}</dd>
              </dl>
              <Details summary={t('explain.calls.request')} text={c.request} />
              <Details summary={t('explain.calls.response')} text={c.response} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
