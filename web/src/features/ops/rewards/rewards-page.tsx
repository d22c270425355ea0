import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { answerText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { rewardStatuses, useRewards, type Reward, type RewardStatus } from '../api/rewards';
import { Done } from '../components/action-form';
import { Section } from '../components/section';
import { useConsole } from '../ops-console';
import { ReviewRewardForm, SendRewardForm } from './reward-actions';

/** The trust rules' reasons for holding or refusing a reward (service/referral_reward.go). */
const signals = ['same_account', 'same_tax_id', 'same_bank_account', 'same_email', 'same_device', 'same_ip_day', 'many_in_one_day'];

/** RewardsRoute is /ops/rewards: finance and admins; support gets the not-found page, as the API answers 404. */
export function RewardsRoute() {
  const { me, notFound } = useConsole();
  return me.role === 'support' ? <>{notFound}</> : <RewardsPage />;
}

function readStatus(v: string | null): RewardStatus | '' {
  return rewardStatuses.find((s) => s === v) ?? '';
}

/** RewardsPage is the queue of referral rewards, oldest first, filtered by status in the URL. */
export function RewardsPage() {
  const { t } = useTranslation('ops');
  usePageMeta(t('rewards.documentTitle'));
  const [params] = useSearchParams();
  const status = readStatus(params.get('status'));
  const q = useRewards(status);
  // What the last action did: kept on the page, since the reward may leave the filtered list.
  const [done, setDone] = useState('');
  const filters: Array<RewardStatus | ''> = ['', ...rewardStatuses];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{t('rewards.title')}</h1>
      <nav aria-label={t('rewards.filter')} className="flex flex-wrap gap-2">
        {filters.map((s) => (
          <Link
            key={s || 'all'}
            to={s ? `/ops/rewards?status=${s}` : '/ops/rewards'}
            aria-current={s === status ? 'page' : undefined}
            className={cn('rounded-full border px-3 py-1 text-sm font-semibold', s === status ? 'border-navy bg-navy text-white' : 'border-slate-300 bg-white text-navy hover:bg-slate-100')}
          >
            {s ? t(`rewards.status.${s}`) : t('rewards.all')}
          </Link>
        ))}
      </nav>
      <Section title={t('rewards.queue')}>
        {done ? <Done>{done}</Done> : null}
        {q.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : q.error ? (
          <p role="alert" className="text-red-800">
            {answerText(q.error, t('rewards.failed'))}
          </p>
        ) : q.data.length === 0 ? (
          <p className="text-slate-700">{t('rewards.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {q.data.map((r) => (
              <RewardItem key={r.id} reward={r} onDone={setDone} onStart={() => setDone('')} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

type Open = '' | 'send' | 'release' | 'refuse';

/** RewardItem is one reward: who earned it, through whose payment, the trust signal, and what can be done. */
function RewardItem({ reward: r, onDone, onStart }: { reward: Reward; onDone: (msg: string) => void; onStart: () => void }) {
  const { t } = useTranslation('ops');
  const { me } = useConsole();
  const [open, setOpen] = useState<Open>('');
  const finish = (msg: string) => {
    setOpen('');
    onDone(msg);
  };
  const heading = `${formatMoney(Number(r.amount_usd), 'USD')} · ${r.referrer_name || r.referrer_email}`;
  const signal = r.review_reason && signals.includes(r.review_reason) ? t(`rewards.signals.${r.review_reason}`) : '';
  const note = r.review_reason && !signal ? r.review_reason : '';
  const canSend = r.status === 'earned' && Boolean(r.gift_card_brand);
  const actions: Array<{ key: Exclude<Open, ''>; show: boolean }> = [
    { key: 'send', show: canSend },
    { key: 'release', show: r.status === 'held' },
    { key: 'refuse', show: r.status === 'held' || r.status === 'earned' },
  ];
  return (
    <li className="py-4 first:pt-0">
      <article aria-label={heading}>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="font-semibold text-ink">{heading}</h3>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', badge[r.status])}>{t(`rewards.status.${r.status}`)}</span>
        </div>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('rewards.referrer')}</dt>
          <dd className="break-all">
            {r.referrer_name ? `${r.referrer_name} · ` : ''}
            {r.referrer_email}
          </dd>
          <dt className="font-semibold">{t('rewards.referred')}</dt>
          <dd className="break-all">{r.referred_email}</dd>
          <dt className="font-semibold">{t('rewards.payment')}</dt>
          <dd>
            <Link to={`/ops/payments/${encodeURIComponent(r.payment_id)}`} className="break-all font-mono text-blue-700 underline">
              {r.payment_id}
            </Link>
          </dd>
          <dt className="font-semibold">{t('rewards.earnedAt')}</dt>
          <dd>
            <time dateTime={r.created_at}>{formatDateTime(new Date(r.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </dd>
          <dt className="font-semibold">{t('rewards.giftCard')}</dt>
          <dd>{r.gift_card_brand || t('rewards.notChosen')}</dd>
          <dt className="font-semibold">{t('rewards.signal')}</dt>
          {/* Once an operator has reviewed it, the reward keeps the operator's note, not the rule's reason (the audit log has both). */}
          <dd className={signal ? 'font-semibold text-amber-800' : undefined}>{signal || (note ? t('rewards.reviewed') : t('rewards.noSignal'))}</dd>
          {note ? (
            <>
              <dt className="font-semibold">{t('rewards.note')}</dt>
              <dd>{note}</dd>
            </>
          ) : null}
        </dl>
        {me.role !== 'support' && actions.some((a) => a.show) ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {actions
              .filter((a) => a.show)
              .map((a) => (
                <Button
                  key={a.key}
                  size="sm"
                  variant={a.key === 'refuse' ? 'outline' : 'primary'}
                  aria-expanded={open === a.key}
                  onClick={() => {
                    onStart();
                    setOpen(open === a.key ? '' : a.key);
                  }}
                >
                  {t(`rewards.${a.key}`)}
                </Button>
              ))}
          </div>
        ) : null}
        {r.status === 'earned' && !r.gift_card_brand ? <p className="mt-2 text-sm text-slate-700">{t('rewards.waitingForChoice')}</p> : null}
        {open === 'send' ? <SendRewardForm reward={r} onDone={finish} onCancel={() => setOpen('')} /> : null}
        {open === 'release' || open === 'refuse' ? <ReviewRewardForm reward={r} decision={open} onDone={finish} onCancel={() => setOpen('')} /> : null}
      </article>
    </li>
  );
}

const badge: Record<RewardStatus, string> = {
  earned: 'bg-blue-100 text-blue-900',
  held: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  refused: 'bg-slate-200 text-slate-800',
};
