import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/money';
import { useSignins, type Signin } from '../api/settings-api';
import { FormError } from './form-bits';

/** ActivityCard lists the recent sign-ins: when, and the approximate device. */
export function ActivityCard() {
  const { t } = useTranslation('dashboard');
  const q = useSignins();
  const device = (s: Signin) => {
    const browser = s.browser || t('activity.unknownBrowser');
    return s.os ? t('activity.device', { browser, os: s.os }) : browser;
  };
  return (
    <Card>
      <h2 id="activity-heading" className="text-lg font-bold text-ink">
        {t('activity.heading')}
      </h2>
      {q.isError ? <FormError error={q.error} /> : null}
      {q.data ? (
        <ul aria-labelledby="activity-heading" className="mt-3 divide-y divide-slate-200">
          {q.data.map((s) => (
            <li key={s.at} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span className="text-ink">{device(s)}</span>
              <time dateTime={s.at} className="text-slate-700">
                {formatDateTime(new Date(s.at))}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{t('activity.hint')}</p>
    </Card>
  );
}
