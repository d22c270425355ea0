import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/money';
import type { Explanation } from '../api/explain-payment';
import { StateBadge } from '../components/state-badge';
import { Section } from '../components/section';

type State = NonNullable<Explanation['states']>[number];

/** StatesTimeline lists every state the payment entered, with its time and what caused it. */
export function StatesTimeline({ states }: { states: State[] }) {
  const { t } = useTranslation('ops');
  return (
    <Section title={t('explain.states.title')}>
      {states.length === 0 ? (
        <p className="text-slate-700">{t('explain.states.none')}</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
          {states.map((s, i) => (
            <li key={`${s.state}-${i}`} className="relative">
              <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-navy" />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <StateBadge state={s.state} />
                <time dateTime={s.at} className="text-sm text-slate-800">
                  {formatDateTime(new Date(s.at), { dateStyle: 'medium', timeStyle: 'medium' })}
                </time>
              </div>
              <p className="mt-0.5 break-all text-xs text-slate-600">
                {t('explain.states.cause')}: <span className="font-mono">{s.cause}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
