import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { answerText } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useAudit } from '../api/audit';
import { Section } from '../components/section';
import { AuditList } from './audit-list';

/** AuditPage is /ops/audit: the whole audit log, newest first, paged by `after` (the page before's `next`) in the URL. */
export function AuditPage() {
  const { t } = useTranslation('ops');
  usePageMeta(t('audit.documentTitle'));
  const [params] = useSearchParams();
  const after = params.get('after') ?? '';
  const q = useAudit({ after });
  const title = t('audit.title');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <Section title={t('audit.entries')}>
        {q.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : q.error ? (
          <p role="alert" className="text-red-800">
            {answerText(q.error, t('audit.failed'))}
          </p>
        ) : q.data.entries.length === 0 ? (
          <p className="text-slate-700">{t('audit.none')}</p>
        ) : (
          <>
            <AuditList entries={q.data.entries} caption={t('audit.entries')} />
            <div className="mt-4 flex flex-wrap gap-4">
              {after ? (
                <Link to="/ops/audit" className="font-semibold text-blue-700 underline">
                  {t('audit.newest')}
                </Link>
              ) : null}
              {q.data.next ? (
                <Link to={`/ops/audit?after=${encodeURIComponent(q.data.next)}`} className="font-semibold text-blue-700 underline">
                  {t('audit.older')}
                </Link>
              ) : null}
            </div>
          </>
        )}
      </Section>
    </div>
  );
}
