import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '@contract/api-types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { answerText, apiFetch } from '@/lib/api-client';
import { copyText } from '@/features/payments/lib/browser';
import { submitReferrals } from '@/features/payments/api/submit-referrals';
import { referralEmails } from '@/features/payments/lib/validation';
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

/** MAX_INVITES: the friends one invitation may name (internal/service maxReferrals; also the daily limit). */
export const MAX_INVITES = 20;

/** splitEmails reads the e-mail field: addresses separated by commas, semicolons, spaces or lines. */
export function splitEmails(text: string): string[] {
  return referralEmails(text.split(/[\s,;]+/));
}

/** CopyLink shows the invitation link with a Copy button that says when it worked. */
function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation('dashboard');
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
      <p className="min-w-0 flex-1 break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-ink" data-testid="referral-link">
        {link}
      </p>
      <Button size="sm" variant="outline" onClick={() => void copyText(link).then(setCopied)}>
        {t('referrals.copy')}
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {copied === true ? t('referrals.copied') : copied === false ? t('referrals.copyFailed') : ''}
      </span>
    </div>
  );
}

/** InviteForm sends invitations by e-mail (up to MAX_INVITES at once), its one error under the field. */
function InviteForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation('dashboard');
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setSent(null);
    const emails = splitEmails(text);
    if (emails.length === 0) return setError(t('referrals.inviteNone'));
    if (emails.length > MAX_INVITES) return setError(t('referrals.inviteTooMany', { max: MAX_INVITES }));
    setError(null);
    setBusy(true);
    try {
      const r = await submitReferrals({ customer_id: customerId, emails });
      setSent(t('referrals.inviteSent', { count: r.sent }));
      setText('');
      await qc.invalidateQueries({ queryKey: [...dashboardKey, 'referrals'] });
    } catch (err) {
      setError(answerText(err, t('referrals.inviteFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextField id="referral-emails" className="min-w-0 flex-1" type="text" inputMode="email" autoComplete="off" label={t('referrals.inviteLabel')}
        hint={t('referrals.inviteHint', { max: MAX_INVITES })} value={text} error={error}
        onChange={(e) => { setText(e.target.value); setError(null); setSent(null); }} />
      <Button type="submit" size="sm" className="sm:mt-6" disabled={busy}>
        {t('referrals.inviteSend')}
      </Button>
      <p role="status" className="text-sm text-green-800 sm:mt-7">{sent ?? ''}</p>
    </form>
  );
}

/**
 * ReferralsPanel shows the payer's invitation link (with Copy), invitations
 * by e-mail, the friends invited and the rewards earned. Every signed-in
 * account has it; before the account has a payer profile (the link's code
 * belongs to one) it says where the link will come from.
 */
export function ReferralsPanel() {
  const { t } = useTranslation('dashboard');
  const q = useQuery({ queryKey: [...dashboardKey, 'referrals'], queryFn: () => apiFetch<MyReferrals>('/api/me/referrals') });
  if (!q.data) return null;
  const { link, invitations, rewards, customer_id: customerId } = q.data;
  // Only rewards given count; one under review or refused is not (yet).
  const earned = rewards.filter((r) => r.status === 'earned' || r.status === 'sent').reduce((sum, r) => sum + Number(r.amount_usd), 0);
  return (
    <Card aria-labelledby="referrals-title">
      <h2 id="referrals-title" className="text-lg font-bold text-ink">{t('referrals.title')}</h2>
      <p className="mt-1 text-slate-700">{t('referrals.lead')}</p>
      {link ? <CopyLink link={link} /> : <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{t('referrals.noProfile')}</p>}
      {customerId ? <InviteForm customerId={customerId} /> : null}
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
