import { useTranslation } from 'react-i18next';
import { answerText } from '@/lib/api-client';
import { useAudit } from '../api/audit';
import { Section } from '../components/section';
import { AuditList } from './audit-list';

/** AuditPanel is the audit log of one object (newest first); it may be empty. Title and empty text default to a payment's. */
export function AuditPanel({ objectType, objectId, title: ownTitle, none }: { objectType: string; objectId: string; title?: string; none?: string }) {
  const { t } = useTranslation('ops');
  const q = useAudit({ objectType, objectId });
  const title = ownTitle ?? t('audit.panelTitle');
  return (
    <Section title={title}>
      {q.isPending ? (
        <p className="text-slate-600">{t('loading')}</p>
      ) : q.error ? (
        <p role="alert" className="text-red-800">
          {answerText(q.error, t('audit.failed'))}
        </p>
      ) : q.data.entries.length === 0 ? (
        <p className="text-slate-700">{none ?? t('audit.noneForObject')}</p>
      ) : (
        <AuditList entries={q.data.entries} caption={title} />
      )}
    </Section>
  );
}
