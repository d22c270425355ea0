import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToastMargin } from '@/components/ui/toast-store';
import { Input } from '@/components/ui/input';
import { FieldError, FieldHint, Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney, formatRate } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { ReceiptLink } from '@/components/receipt-link';
import { mailto, site } from '@/config/site';
import { finalStatuses, type TransactionStatus } from '@/features/payments/progress/get-transaction-status';
import { useFollowPayment } from '@/features/payments/progress/use-follow-payment';
import { wizardReturnFor } from '@/features/payments/lib/wizard-session';
import { useMe } from '@/lib/session';
import { StageList, useStageLabel } from '@/features/payments/progress/stage-list';
import { formatTime } from '@/features/payments/progress/format-time';
import { RefundNotice } from '@/features/payments/progress/refund-notice';
import { OnHoldNotice } from '@/features/payments/progress/on-hold-notice';

const param = 'transaction_id';
const link = 'font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900';

/**
 * TrackPage looks up a payment by its transaction id (kept in the URL as
 * ?transaction_id=) and shows its stages, refreshing until it ends.
 */
export function TrackPage() {
  useToastMargin(); // max-w-3xl: toasts fit in the right margin from 1280 px
  const { t } = useTranslation('track');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const [params, setParams] = useSearchParams();
  const id = (params.get(param) ?? '').trim();
  const [draft, setDraft] = useState(id);
  const [syncedId, setSyncedId] = useState(id);
  const [fieldError, setFieldError] = useState('');
  if (syncedId !== id) {
    // The URL changed (back/forward): show its id in the field.
    setSyncedId(id);
    setDraft(id);
  }
  // The owner's browser follows the payment live; anyone else polls.
  const { query, live } = useFollowPayment(id);
  // A refresh the visitor asked for (the background polling stays silent).
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void query.refetch().finally(() => setRefreshing(false));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    if (!value) {
      setFieldError(t('form.required'));
      return;
    }
    setFieldError('');
    if (value === id) {
      refresh();
    } else {
      setParams({ [param]: value });
    }
  };

  const looking = id !== '' && (query.isLoading || refreshing);
  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('lead')}</p>

        <Card className="mt-8">
          <form onSubmit={onSubmit} noValidate role="search" aria-label={t('title')}>
            <Label htmlFor="transaction-id">{t('form.label')}</Label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                id="transaction-id"
                name={param}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={t('form.placeholder')}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'transaction-id-hint transaction-id-error' : 'transaction-id-hint'}
              />
              <Button type="submit" className="shrink-0" disabled={looking}>
                {looking ? t('form.submitting') : t('form.submit')}
              </Button>
            </div>
            <FieldHint id="transaction-id-hint">{t('form.hint')}</FieldHint>
            {fieldError ? <FieldError id="transaction-id-error">{fieldError}</FieldError> : null}
          </form>
        </Card>

        {id !== '' ? <Result id={id} query={query} refresh={refresh} refreshing={refreshing} live={live} /> : null}

        <p className="mt-8 text-slate-700">
          <Trans
            t={t}
            i18nKey="help"
            values={{ email: site.supportEmail }}
            components={{ mail: <a href={mailto(site.supportEmail, t('title'))} className={link} /> }}
          />
        </p>
      </div>
    </main>
  );
}

type Query = ReturnType<typeof useFollowPayment>['query'];

interface ResultProps {
  id: string;
  query: Query;
  refresh: () => void;
  refreshing: boolean;
  live: boolean;
}

function Result({ id, query, refresh, refreshing, live }: ResultProps) {
  const { t } = useTranslation('track');
  if (query.isPending) {
    return (
      <p role="status" className="mt-8 text-slate-700">
        {t('loading')}
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="mt-8 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">{errorMessage(query.error, t('errorFallback'))}</p>
      </div>
    );
  }
  const tx = query.data;
  if (!tx || tx.transaction_id !== id) return null;
  return <Payment tx={tx} updatedAt={query.dataUpdatedAt} refresh={refresh} refreshing={refreshing} live={live} />;
}

interface PaymentProps {
  tx: TransactionStatus;
  updatedAt: number;
  refresh: () => void;
  refreshing: boolean;
  live: boolean;
}

function Payment({ tx, updatedAt, refresh, refreshing, live }: PaymentProps) {
  const { t } = useTranslation('track');
  const label = useStageLabel();
  const done = finalStatuses.has(tx.status);
  const failed = ['expired', 'failed', 'refunded', 'payin_mismatch'].includes(tx.status);
  const awaiting = tx.status === 'created' || tx.status === 'awaiting_payin';
  const rows: Array<[string, string]> = [
    [t('summary.amountLocal'), formatMoney(tx.amount_local, tx.local_currency)],
    [t('summary.amountUsd'), formatMoney(tx.amount_usd, 'USD')],
    [t('summary.rate'), t('summary.rateValue', { rate: formatRate(tx.effective_rate), currency: tx.local_currency })],
    [t('summary.method'), t(`methods.${tx.method}`, { defaultValue: tx.method })],
    [t('summary.delivery'), t(`deliveryMethods.${tx.delivery_method}`, { defaultValue: tx.delivery_method })],
    [t('summary.created'), formatTime(tx.created_at)],
    [t('summary.updated'), formatTime(tx.updated_at)],
  ];
  if (awaiting && tx.expires_at) rows.push([t('summary.expires'), formatTime(tx.expires_at)]);
  if (tx.tracking_number) rows.push([t('summary.tracking'), tx.tracking_number]);
  const ref = tx.rail_reference;
  if (ref) rows.push([t(ref.kind === 'pix_end_to_end_id' ? 'summary.pixEndToEnd' : 'summary.speiTrackingKey'), ref.value]);

  return (
    <div className="mt-8 space-y-6">
      <Card>
        <h2 className="break-all text-xl font-bold text-ink">{t('summary.heading', { id: tx.transaction_id })}</h2>
        <p className="mt-3" aria-live="polite">
          <span className="text-slate-600">{t('summary.status')}: </span>
          <span
            className={cn(
              'inline-block rounded-full px-3 py-1 text-sm font-semibold',
              failed ? 'bg-red-100 text-red-900' : done ? 'bg-green-100 text-green-900' : 'bg-yellow-100 text-yellow-900',
            )}
          >
            {label(tx.status, tx.method, tx.refund)}
          </span>
        </p>
        <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {rows.map(([k, v]) => (
            <div key={k} className="min-w-0">
              <dt className="text-sm text-slate-600">{k}</dt>
              <dd className="font-semibold text-ink wrap-anywhere">{v}</dd>
            </div>
          ))}
        </dl>
        {ref?.lookup_url ? (
          <a href={ref.lookup_url} target="_blank" rel="noreferrer" className={cn(link, 'mt-4 inline-block')}>
            {t('summary.cepLookup')}
          </a>
        ) : null}
        {tx.receipt_url ? <ReceiptLink transactionId={tx.transaction_id} className={cn(link, 'mt-4 block')} /> : null}
      </Card>

      <Card>
        <h2 id="stages-heading" className="text-xl font-bold text-ink">
          {t('stagesHeading')}
        </h2>
        <OnHoldNotice onHold={tx.on_hold} className="mt-4" />
        <RefundNotice refund={tx.refund} className="mt-4" />
        <div className="mt-5">
          <StageList stages={tx.stages} method={tx.method} refund={tx.refund} labelledBy="stages-heading" />
        </div>
        <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            {updatedAt ? t('lastChecked', { time: formatTime(new Date(updatedAt).toISOString()) }) : null}
            {!done ? <span className="block">{t(live ? 'liveUpdates' : 'autoRefresh')}</span> : null}
          </p>
          <Button variant="outline" size="sm" onClick={refresh} disabled={refreshing}>
            {refreshing ? t('refreshing') : t('refresh')}
          </Button>
        </div>
      </Card>

      {tx.owned && tx.details ? <Details tx={tx} /> : null}
    </div>
  );
}

function Details({ tx }: { tx: TransactionStatus }) {
  const { t } = useTranslation('track');
  const me = useMe().data;
  const d = tx.details;
  if (!d) return null;
  // The way back to this payment (issue 26, item 7: the link once opened an
  // empty /get-started?step=1): an account's payment opens in the
  // dashboard; a guest's, at its step in the wizard of the tab that made it;
  // otherwise there is no way back to show.
  const back = me ? `/dashboard?payment=${encodeURIComponent(tx.transaction_id)}` : wizardReturnFor(tx.transaction_id);
  const rows: Array<[string, string | undefined]> = [
    [t('details.sender'), d.sender_name],
    [t('details.school'), d.school_name],
    [t('details.student'), d.student_name],
    [t('details.studentId'), d.student_id],
  ];
  return (
    <Card>
      <h2 className="text-xl font-bold text-ink">{t('details.heading')}</h2>
      <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([k, v]) => (
            <div key={k} className="min-w-0">
              <dt className="text-sm text-slate-600">{k}</dt>
              <dd className="font-semibold text-ink wrap-anywhere">{v}</dd>
            </div>
          ))}
      </dl>
      {back ? (
        <Link to={back} className={cn(link, 'mt-5 inline-block')}>
          {t('details.back')}
        </Link>
      ) : null}
    </Card>
  );
}
