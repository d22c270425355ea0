import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { answerText } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { useHealth, type Health } from '../api/health';
import { BalancesTable } from '../components/balances-table';
import { Section, TableScroll, td, th } from '../components/section';
import { StateBadge } from '../components/state-badge';

const when = (iso: string) => formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' });

/** HealthPage is /ops/health: what needs an operator now — the ledger, jobs, e-mails, webhooks, stuck payments and refusals. */
export function HealthPage() {
  const { t } = useTranslation('ops');
  usePageMeta(t('health.documentTitle'));
  const q = useHealth();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{t('health.title')}</h1>
        {q.data ? (
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            {t('health.checkedAt', { when: when(q.data.checked_at) })}
            <Button size="sm" variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
              {t('health.refresh')}
            </Button>
          </p>
        ) : null}
      </div>
      {q.isPending ? (
        <p className="text-slate-600">{t('loading')}</p>
      ) : q.error ? (
        <p role="alert" className="text-red-800">
          {answerText(q.error, t('health.failed'))}
        </p>
      ) : (
        <HealthView h={q.data} />
      )}
    </div>
  );
}

function HealthView({ h }: { h: Health }) {
  const { t } = useTranslation('ops');
  const refusals = Object.entries(h.rate_limit_refusals_since_start ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <Section title={t('health.ledger.title')}>
        <p className={h.ledger.ok ? 'font-semibold text-green-800' : 'font-semibold text-red-800'}>
          {h.ledger.ok ? t('health.ledger.ok', { count: h.ledger.transactions }) : t('health.ledger.problems', { count: h.ledger.problems.length })}
        </p>
        {h.ledger.problems.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 font-mono text-xs text-red-800">
            {h.ledger.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <h3 className="mb-2 mt-4 text-base font-semibold text-ink">{t('health.ledger.balances')}</h3>
        <BalancesTable
          label={t('health.ledger.balances')}
          heads={{ account: t('health.ledger.account'), currency: t('health.ledger.currency'), balance: t('health.ledger.balance') }}
          balances={h.balances}
        />
        <p className="mt-2 text-sm text-slate-700">{t('health.ledger.paymentAccounts', { count: h.payment_accounts_holding_funds })}</p>
      </Section>

      <Section title={t('health.stuck.title')}>
        {h.stuck_payments.length === 0 ? (
          <p className="text-slate-700">{t('health.stuck.none')}</p>
        ) : (
          <TableScroll label={t('health.stuck.title')}>
            <table className="w-full min-w-[32rem] border-collapse">
              <caption className="sr-only">{t('health.stuck.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>{t('table.transaction')}</th>
                  <th scope="col" className={th}>{t('table.status')}</th>
                  <th scope="col" className={th}>{t('health.stuck.since')}</th>
                </tr>
              </thead>
              <tbody>
                {h.stuck_payments.map((p) => (
                  <tr key={p.transaction_id}>
                    <td className={td}>
                      <Link to={`/ops/payments/${encodeURIComponent(p.transaction_id)}`} className="break-all font-mono text-blue-700 underline">
                        {p.transaction_id}
                      </Link>
                    </td>
                    <td className={td}>
                      <StateBadge state={p.status} />
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={p.since}>{when(p.since)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title={t('health.jobs.title')}>
        {h.jobs.length === 0 ? (
          <p className="text-slate-700">{t('health.jobs.none')}</p>
        ) : (
          <TableScroll label={t('health.jobs.title')}>
            <table className="w-full min-w-[28rem] border-collapse">
              <caption className="sr-only">{t('health.jobs.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>{t('health.jobs.kind')}</th>
                  <th scope="col" className={th}>{t('health.jobs.state')}</th>
                  <th scope="col" className={`${th} text-right`}>{t('health.jobs.count')}</th>
                </tr>
              </thead>
              <tbody>
                {h.jobs.map((j) => (
                  <tr key={`${j.kind}-${j.state}`}>
                    <td className={`${td} font-mono text-xs`}>{j.kind}</td>
                    <td className={td}>{t(`health.jobs.states.${j.state}`, { defaultValue: j.state })}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatNumber(j.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title={t('health.emails.title')}>
        <p className="text-slate-800">{t('health.emails.summary', { waiting: formatNumber(h.emails_waiting), failed: formatNumber(h.emails_failed) })}</p>
        {h.failed_emails.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-100">
            {h.failed_emails.map((m) => (
              <li key={m.id} className="py-2 text-sm">
                <p className="font-semibold text-ink">
                  <span className="font-mono">{m.kind}</span> → <span className="break-all">{m.to}</span>
                </p>
                <p className="text-slate-700">
                  {m.failed_at ? t('health.emails.failedAt', { when: when(m.failed_at), count: m.attempts }) : t('health.emails.attempts', { count: m.attempts })}
                  {m.transaction_id ? (
                    <>
                      {' · '}
                      <Link to={`/ops/payments/${encodeURIComponent(m.transaction_id)}`} className="font-mono text-blue-700 underline">
                        {m.transaction_id}
                      </Link>
                    </>
                  ) : null}
                </p>
                <p className="break-all font-mono text-xs text-red-800">{m.last_error}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section title={t('health.webhooks.title')}>
        {h.ignored_webhooks.length === 0 ? (
          <p className="text-slate-700">{t('health.webhooks.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {h.ignored_webhooks.map((w) => (
              <li key={w.id} className="py-2 text-sm">
                <span className="font-mono font-semibold text-ink">{w.type}</span> · <time dateTime={w.received_at}>{when(w.received_at)}</time>
                <span className="block break-all font-mono text-xs text-slate-700">
                  {w.id} — {w.outcome}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-slate-700">{t('health.webhooks.signatureRefusals', { count: h.webhook_signature_refusals_since_start })}</p>
      </Section>

      <Section title={t('health.limits.title')}>
        <p className="mb-2 text-sm text-slate-700">{t('health.limits.lead')}</p>
        {refusals.length === 0 ? (
          <p className="text-slate-700">{t('health.limits.none')}</p>
        ) : (
          <TableScroll label={t('health.limits.title')}>
            <table className="w-full min-w-[20rem] border-collapse">
              <caption className="sr-only">{t('health.limits.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>{t('health.limits.limit')}</th>
                  <th scope="col" className={`${th} text-right`}>{t('health.limits.refused')}</th>
                </tr>
              </thead>
              <tbody>
                {refusals.map(([limit, n]) => (
                  <tr key={limit}>
                    <td className={`${td} font-mono text-xs`}>{limit}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatNumber(n)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
    </>
  );
}
