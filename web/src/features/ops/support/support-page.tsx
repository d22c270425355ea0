import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { answerText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { useConversations, type ConversationFilter } from '../api/support';
import { Section, TableScroll, td, th } from '../components/section';

const filters: Array<{ key: string; status: ConversationFilter['status']; mine: boolean }> = [
  { key: 'open', status: 'open', mine: false },
  { key: 'mine', status: 'open', mine: true },
  { key: 'closed', status: 'closed', mine: false },
  { key: 'all', status: '', mine: false },
];

/** SupportPage is /ops/support: the conversations, the most recently active first; open ones by default. */
export function SupportPage() {
  const { t } = useTranslation('ops');
  usePageMeta(t('support.documentTitle'));
  const [params] = useSearchParams();
  const current = filters.find((f) => f.key === params.get('show')) ?? filters[0]!;
  const q = useConversations({ status: current.status, mine: current.mine });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{t('support.title')}</h1>
      <nav aria-label={t('support.filter')} className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.key}
            to={f.key === 'open' ? '/ops/support' : `/ops/support?show=${f.key}`}
            aria-current={f === current ? 'page' : undefined}
            className={cn('rounded-full border px-3 py-1 text-sm font-semibold', f === current ? 'border-navy bg-navy text-white' : 'border-slate-300 bg-white text-navy hover:bg-slate-100')}
          >
            {t(`support.show.${f.key}`)}
          </Link>
        ))}
      </nav>
      <Section title={t('support.listTitle')}>
        {q.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : q.error ? (
          <p role="alert" className="text-red-800">
            {answerText(q.error, t('support.failed'))}
          </p>
        ) : q.data.length === 0 ? (
          <p className="text-slate-700">{t('support.none')}</p>
        ) : (
          <TableScroll label={t('support.listTitle')}>
            <table className="w-full min-w-[48rem] border-collapse">
              <caption className="sr-only">{t('support.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>{t('support.subject')}</th>
                  <th scope="col" className={th}>{t('support.from')}</th>
                  <th scope="col" className={th}>{t('support.source')}</th>
                  <th scope="col" className={th}>{t('support.assignee')}</th>
                  <th scope="col" className={th}>{t('support.updated')}</th>
                  <th scope="col" className={`${th} text-right`}>{t('support.messages')}</th>
                </tr>
              </thead>
              <tbody>
                {q.data.map((c) => (
                  <tr key={c.id}>
                    <td className={td}>
                      <Link to={`/ops/support/${encodeURIComponent(c.id)}`} className="font-semibold text-blue-700 underline">
                        {c.subject}
                      </Link>
                      {c.status === 'closed' ? <span className="ml-2 text-xs text-slate-600">{t('support.status.closed')}</span> : null}
                    </td>
                    <td className={`${td} break-all`}>
                      {c.name}
                      <span className="block text-xs text-slate-600">{c.email}</span>
                    </td>
                    <td className={td}>{t(`support.sources.${c.source}`)}</td>
                    <td className={`${td} break-all`}>{c.assignee_email || t('support.nobody')}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={c.updated_at}>{formatDateTime(new Date(c.updated_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
                    </td>
                    <td className={`${td} text-right tabular-nums`}>{c.messages}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
    </div>
  );
}
