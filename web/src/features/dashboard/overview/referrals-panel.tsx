import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '@contract/api-types';
import { Card } from '@/components/ui/card';
import { apiFetch } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/money';
import { dashboardKey } from '../api/dashboard-api';

type MyReferrals = components['schemas']['MyReferrals'];

/** ReferralsPanel shows the payer's invitation link, the friends invited and the rewards earned. */
export function ReferralsPanel() {
  const { t } = useTranslation('dashboard');
  const q = useQuery({ queryKey: [...dashboardKey, 'referrals'], queryFn: () => apiFetch<MyReferrals>('/api/me/referrals') });
  if (!q.data) return null;
  const { link, invitations, rewards } = q.data;
  const earned = rewards.reduce((sum, r) => sum + Number(r.amount_usd), 0);
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{t('referrals.title')}</h2>
      <p className="mt-1 text-slate-700">{t('referrals.lead')}</p>
      {link ? (
        <p className="mt-3 break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-ink" data-testid="referral-link">
          {link}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">{t('referrals.invited')}</dt>
          <dd className="text-xl font-bold text-ink">{invitations.length}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('referrals.earned')}</dt>
          <dd className="text-xl font-bold text-ink">{formatMoney(earned, 'USD')}</dd>
        </div>
      </dl>
      {rewards.length > 0 ? (
        <ul className="mt-4 space-y-1 text-sm text-slate-700">
          {rewards.map((r) => (
            <li key={r.id}>
              {t('referrals.reward', { amount: formatMoney(Number(r.amount_usd), 'USD'), date: formatDateTime(new Date(r.earned_at), { dateStyle: 'medium' }) })}
            </li>
          ))}
        </ul>
      ) : null}
      {invitations.length > 0 ? (
        <ul className="mt-4 space-y-1 text-sm text-slate-700" aria-label={t('referrals.invitedList')}>
          {invitations.slice(0, 10).map((i) => (
            <li key={i.email} className="break-all">
              {i.email}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
