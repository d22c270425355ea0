import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/money';
import type { AuditEntry } from '../api/audit';
import { Details } from '../components/json-details';
import { TableScroll, td, th } from '../components/section';

/** AuditList shows audit entries: when, who, what, on which object, why, and the object before and after. */
export function AuditList({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  const { t } = useTranslation('ops');
  return (
    <TableScroll label={caption}>
      <table className="w-full min-w-[56rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>{t('audit.at')}</th>
            <th scope="col" className={th}>{t('audit.actor')}</th>
            <th scope="col" className={th}>{t('audit.action')}</th>
            <th scope="col" className={th}>{t('audit.object')}</th>
            <th scope="col" className={th}>{t('audit.reason')}</th>
            <th scope="col" className={th}>{t('audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={e.at}>{formatDateTime(new Date(e.at), { dateStyle: 'medium', timeStyle: 'medium' })}</time>
              </td>
              <td className={`${td} break-all`}>{e.actor === 'cli' ? t('audit.cli') : e.actor_email}</td>
              <td className={`${td} font-mono text-xs`}>{e.action}</td>
              <td className={`${td} break-all text-xs`}>
                {e.object_type}
                <span className="block font-mono">{e.object_id}</span>
              </td>
              <td className={td}>{e.reason}</td>
              <td className={td}>
                <Details summary={t('audit.before')} text={JSON.stringify(e.before ?? null)} />
                <Details summary={t('audit.after')} text={JSON.stringify(e.after ?? null)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
