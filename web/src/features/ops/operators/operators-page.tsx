import { useTranslation } from 'react-i18next';
import { answerText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import type { Operator } from '../api/ops-me';
import { useOperators } from '../api/operators';
import { Section, TableScroll, td, th } from '../components/section';
import { useConsole } from '../ops-console';
import { RemoveOperatorForm, SetOperatorForm } from './operator-forms';

/** OperatorsRoute is /ops/operators: admins only; anyone else gets the not-found page, as the API answers 404. */
export function OperatorsRoute() {
  const { me, notFound } = useConsole();
  return me.role === 'admin' ? <OperatorsPage me={me} /> : <>{notFound}</>;
}

/** OperatorsPage is /ops/operators (admins): who runs the console with which role, and changing it. */
export function OperatorsPage({ me }: { me: Operator }) {
  const { t } = useTranslation('ops');
  usePageMeta(t('operators.documentTitle'));
  const list = useOperators();
  const title = t('operators.title');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <Section title={t('operators.listTitle')}>
        {list.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : list.error ? (
          <p role="alert" className="text-red-800">
            {answerText(list.error, t('operators.failed'))}
          </p>
        ) : (
          <TableScroll label={t('operators.listTitle')}>
            <table className="w-full min-w-[36rem] border-collapse">
              <caption className="sr-only">{t('operators.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>{t('operators.email')}</th>
                  <th scope="col" className={th}>{t('operators.role')}</th>
                  <th scope="col" className={th}>{t('operators.since')}</th>
                  <th scope="col" className={th}>{t('operators.addedBy')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((o) => (
                  <tr key={o.email}>
                    <td className={`${td} break-all`}>
                      {o.email}
                      {o.email === me.email ? <span className="ml-2 text-xs text-slate-600">{t('operators.you')}</span> : null}
                    </td>
                    <td className={td}>{t(`roles.${o.role}`)}</td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(new Date(o.since))}</td>
                    <td className={`${td} break-all font-mono text-xs`}>{o.added_by === 'cli' ? t('audit.cli') : o.added_by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
      <Section title={t('operators.setTitle')}>
        <SetOperatorForm />
      </Section>
      <Section title={t('operators.removeTitle')}>
        <RemoveOperatorForm />
      </Section>
    </div>
  );
}
