import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/money';
import type { Explanation } from '../api/explain-payment';
import { Details } from '../components/json-details';
import { Section } from '../components/section';
import { ResendMail } from './fix-actions';

type Email = NonNullable<Explanation['emails']>[number];

const when = (iso: string) => formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' });

/** Emails lists the e-mails the payment sent, with where each one stands and its text. */
export function Emails({ emails, transactionId }: { emails: Email[]; transactionId: string }) {
  const { t } = useTranslation('ops');
  return (
    <Section title={t('explain.emails.title')}>
      {emails.length === 0 ? (
        <p className="text-slate-700">{t('explain.emails.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {emails.map((m) => (
            <li key={m.id} className="py-3 first:pt-0">
              <p className="font-semibold text-ink">{m.subject}</p>
              <dl className="mt-1 grid grid-cols-1 gap-x-4 text-xs text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{t('explain.emails.to')}</dt>
                <dd className="break-all">{m.to}</dd>
                <dt className="font-semibold">{t('explain.emails.queued')}</dt>
                <dd>{when(m.queued_at)}</dd>
                <dt className="font-semibold">{t('explain.emails.sent')}</dt>
                <dd>
                  {m.sent_at
                    ? when(m.sent_at)
                    : m.failed_at
                      ? t('explain.emails.failedAt', { when: when(m.failed_at) })
                      : t('explain.emails.waiting', { count: m.attempts })}
                </dd>
                {m.last_error ? (
                  <>
                    <dt className="font-semibold">{t('explain.emails.lastError')}</dt>
                    <dd className="break-all text-red-800">{m.last_error}</dd>
                  </>
                ) : null}
              </dl>
              <Details summary={t('explain.emails.text')} text={m.text} json={false} />
              <ResendMail transactionId={transactionId} mailId={m.id} subject={m.subject} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
