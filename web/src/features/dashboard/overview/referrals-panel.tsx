import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '@contract/api-types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiFetch } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/money';
import { dashboardKey } from '../api/dashboard-api';

type MyReferrals = components['schemas']['MyReferrals'];
type Reward = MyReferrals['rewards'][number];

/** giftCardBrands: the cards a referrer can choose (the spec's list). */
export const giftCardBrands = ['Amazon', 'Apple', 'Google Play', 'Visa', 'Target', 'Starbucks'] as const;

/** RewardItem is one earned reward: its gift card, or a choice of one. */
function RewardItem({ reward }: { reward: Reward }) {
  const { t } = useTranslation('dashboard');
  const qc = useQueryClient();
  const [brand, setBrand] = useState<string>(giftCardBrands[0]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const amount = formatMoney(Number(reward.amount_usd), 'USD');
  const date = formatDateTime(new Date(reward.earned_at), { dateStyle: 'medium' });
  if (reward.status === 'refused') {
    return <li>{t('referrals.rewardRefused', { date })}</li>;
  }
  const review = reward.status === 'held' ? ` ${t('referrals.underReview')}` : '';
  if (reward.gift_card_brand) {
    return <li>{t('referrals.rewardChosen', { amount, brand: reward.gift_card_brand, date }) + review}</li>;
  }
  const id = `gift-card-${reward.id}`;
  const save = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await apiFetch(`/api/me/referrals/rewards/${encodeURIComponent(reward.id)}/gift-card`, { method: 'PUT', body: { brand } });
      await qc.invalidateQueries({ queryKey: [...dashboardKey, 'referrals'] });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p>{t('referrals.reward', { amount, date }) + review}</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor={id}>{t('referrals.chooseCard')}</Label>
          <NativeSelect id={id} value={brand} onChange={(e) => setBrand(e.target.value)}>
            {giftCardBrands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button size="sm" onClick={() => void save()} disabled={busy}>
          {t('referrals.saveCard')}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="mt-2 text-red-800">
          {t('referrals.saveFailed')}
        </p>
      ) : null}
    </li>
  );
}

/** ReferralsPanel shows the payer's invitation link, the friends invited and the rewards earned. */
export function ReferralsPanel() {
  const { t } = useTranslation('dashboard');
  const q = useQuery({ queryKey: [...dashboardKey, 'referrals'], queryFn: () => apiFetch<MyReferrals>('/api/me/referrals') });
  if (!q.data) return null;
  const { link, invitations, rewards } = q.data;
  // Only rewards given count; one under review or refused is not (yet).
  const earned = rewards.filter((r) => r.status === 'earned' || r.status === 'sent').reduce((sum, r) => sum + Number(r.amount_usd), 0);
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
            <RewardItem key={r.id} reward={r} />
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
