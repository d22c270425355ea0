import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatMoney, formatRate } from '@/lib/money';
import { ReceiptLink } from '@/components/receipt-link';
import type { Quote } from '@/features/payments/api/create-quote';
import { useServerConfig } from '@/features/payments/api/get-config';
import { triggerMockWebhook, type SandboxEvent } from '@/features/payments/api/trigger-mock-webhook';
import { AuthorizationStatement } from '@/features/payments/components/authorization-statement';
import { PixCode } from '@/features/payments/components/pix-code';
import { QuoteTimer } from '@/features/payments/components/quote-timer';
import { quoteRows } from '@/features/payments/components/quote-rows';
import { SandboxPanel } from '@/features/payments/components/sandbox-panel';
import { SpeiInstructions } from '@/features/payments/components/spei-instructions';
import { Spinner } from '@/features/payments/components/spinner';
import { SummaryList, SummarySection } from '@/features/payments/components/summary-list';
import { formatCountdown } from '@/features/payments/lib/timer';
import { finalStatuses } from '@/features/payments/progress/get-transaction-status';
import { OnHoldNotice } from '@/features/payments/progress/on-hold-notice';
import { StageList } from '@/features/payments/progress/stage-list';
import { useFollowPayment } from '@/features/payments/progress/use-follow-payment';
import type { DashboardPayment, SavedBankAccount } from '../api/payment-api';
import { countryConfig, sendAmountUSD, type SendMoney } from './payment-logic';

interface SummaryStepProps {
  draft: SendMoney;
  bank: SavedBankAccount;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onProcess: () => void;
}

/** SummaryStep is step 3, 'Payment Summary', with Process Payment. */
export function SummaryStep({ draft, bank, busy, error, onBack, onProcess }: SummaryStepProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="mt-4">
      <SummaryList
        rows={[
          { label: t('payment.summary.amount'), value: formatMoney(sendAmountUSD(draft) ?? 0, 'USD'), strong: true },
          { label: t('payment.summary.recipient'), value: draft.recipient.trim() },
          { label: t('payment.summary.destination'), value: t(`payment.send.countryOption.${draft.country}`) },
          {
            label: t('payment.summary.bank'),
            value: t('payment.summary.bankValue', { holder: bank.account_holder_name, bank: bank.bank_name, last4: bank.last4 }),
          },
        ]}
      />
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="link" onClick={onBack} className="px-0">
          ← {t('payment.summary.back')}
        </Button>
        <Button onClick={onProcess} disabled={busy} className="w-full sm:w-auto">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {busy ? t('payment.summary.processing') : t('payment.summary.process')}
        </Button>
      </div>
    </div>
  );
}

interface AuthorizeStepProps {
  draft: SendMoney;
  quote: Quote;
  signer: string;
  seconds: number;
  warning: boolean;
  expired: boolean;
  authorized: boolean;
  signedAt: string | null;
  busy: boolean;
  error: string | null;
  onAuthorize: (checked: boolean) => void;
  onBack: () => void;
  onNewQuote: () => void;
  onProceed: () => void;
}

/** AuthorizeStep shows the locked quote with its countdown and the authorization agreement. */
export function AuthorizeStep(p: AuthorizeStepProps) {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('wizard');
  const cfg = countryConfig(p.draft.country);
  const local = formatMoney(p.quote.total_local_amount, cfg.currency);
  const usd = formatMoney(p.quote.amount_usd, 'USD');
  return (
    <div className="mt-4">
      <QuoteTimer text={tw('authorization.expiresIn', { time: formatCountdown(p.seconds) })} warning={p.warning} />
      <SummarySection
        id="rate-summary-heading"
        heading={tw('authorization.summaryHeading')}
        rows={[
          ...quoteRows(tw, p.quote, cfg.currency, cfg.effectiveRateDecimals),
          { label: t('payment.summary.recipient'), value: p.draft.recipient.trim() },
          { label: tw('authorization.totalLocal', { currency: cfg.currency }), value: local, strong: true },
        ]}
      />
      <AuthorizationStatement
        t={tw}
        name={p.signer}
        local={local}
        usd={usd}
        destination={tw('authorization.destinationBank')}
        authorized={p.authorized}
        signedAt={p.signedAt}
        onAuthorize={p.onAuthorize}
      />
      {p.expired ? (
        <div role="alert" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p>{t('payment.authorize.expired')}</p>
          <Button className="mt-2" size="sm" onClick={p.onNewQuote} disabled={p.busy}>
            {t('payment.authorize.newQuote')}
          </Button>
        </div>
      ) : null}
      {p.error ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{tw('authorization.paymentErrorHeading')}</p>
          <p className="mt-1 text-sm">{p.error}</p>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="link" onClick={p.onBack} className="px-0">
          ← {t('payment.authorize.back')}
        </Button>
        <Button onClick={p.onProceed} disabled={!p.authorized || p.busy || p.expired} className="w-full sm:w-auto">
          {p.busy ? <Spinner className="h-4 w-4" /> : null}
          {p.busy ? tw('authorization.proceeding') : tw('authorization.proceed')}
        </Button>
      </div>
    </div>
  );
}

interface PayStepProps {
  payment: DashboardPayment;
  seconds: number;
  warning: boolean;
  onCopy: (text: string, title: string, description: string) => void;
  onSandboxError: (message: string) => void;
  onAnother: () => void;
  onStatus: (status: string) => void;
}

/** PayStep shows what to pay (Pix code or SPEI details) and follows the payment live to its end. */
export function PayStep({ payment, seconds, warning, onCopy, onSandboxError, onAnother, onStatus }: PayStepProps) {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('wizard');
  const config = useServerConfig();
  const { query } = useFollowPayment(payment.transaction_id);
  const status = query.data?.status ?? payment.status;
  const spei = payment.local_currency === 'MXN';
  const localAmount = spei ? payment.amount_mxn : payment.amount_brl;
  const amount = formatMoney(Number(localAmount ?? 0), spei ? 'MXN' : 'BRL');
  const ended = finalStatuses.has(status);
  const completed = status === 'completed';
  const waiting = status === 'awaiting_payin' || status === 'created';
  useEffect(() => onStatus(status), [status, onStatus]);

  const simulate = async (event: SandboxEvent) => {
    try {
      await triggerMockWebhook(payment.transaction_id, event);
      return true;
    } catch {
      onSandboxError(tw('toasts.sandboxFailed'));
      return false;
    }
  };

  return (
    <div className="mt-4">
      {waiting ? <QuoteTimer text={tw('pay.timer', { time: formatCountdown(seconds) })} warning={warning} /> : null}
      <SummaryList
        className="mt-6"
        rows={[
          { label: tw('pay.amountLocal'), value: amount, strong: true },
          { label: tw('pay.usdAmount'), value: formatMoney(Number(payment.amount_usd), 'USD') },
          { label: tw('pay.rate'), value: tw('pay.rateValue', { rate: formatRate(payment.effective_rate), currency: spei ? 'MXN' : 'BRL' }) },
          { label: tw('summary.transactionId'), value: <span className="font-mono text-sm">{payment.transaction_id}</span> },
        ]}
      />
      {waiting ? (
        <>
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{tw('pay.windowNotice')}</p>
          {spei ? (
            <SpeiInstructions
              t={tw}
              amount={amount}
              clabe={payment.bank_account?.clabe ?? payment.deposit_address}
              bankName={payment.bank_account?.bank_name ?? ''}
              beneficiary={payment.beneficiary?.name ?? ''}
              onCopy={() =>
                onCopy(
                  tw('pay.spei.copyText', {
                    amount,
                    clabe: payment.bank_account?.clabe ?? payment.deposit_address,
                    bank: payment.bank_account?.bank_name ?? '',
                    beneficiary: payment.beneficiary?.name ?? '',
                  }),
                  tw('toasts.speiCopied'),
                  tw('toasts.speiCopiedBody'),
                )
              }
            />
          ) : (
            <PixCode t={tw} value={payment.deposit_address} amount={amount} onCopy={() => onCopy(payment.deposit_address, tw('toasts.copied'), tw('toasts.copiedPix'))} />
          )}
        </>
      ) : null}

      <section aria-labelledby="pay-progress-heading" className="mt-6">
        <h3 id="pay-progress-heading" className="text-lg font-semibold text-ink">
          {t('payment.pay.progressHeading')}
        </h3>
        <OnHoldNotice onHold={query.data?.on_hold} className="mt-3" />
        {query.data ? <StageList stages={query.data.stages} method={query.data.method} refund={query.data.refund} labelledBy="pay-progress-heading" /> : null}
      </section>

      {completed ? (
        <p role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {t('payment.pay.completed', { amount: formatMoney(Number(payment.amount_usd), 'USD') })}
        </p>
      ) : ended ? (
        <p role="status" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t('payment.pay.ended')}
        </p>
      ) : null}

      {!ended && config.data?.sandbox ? <SandboxPanel onSimulate={simulate} /> : null}

      <div className="mt-6 flex flex-wrap items-center gap-4">
        {completed ? <ReceiptLink transactionId={payment.transaction_id} /> : null}
        <Link to={`/dashboard?payment=${encodeURIComponent(payment.transaction_id)}`} className="font-semibold text-blue-800 underline">
          {t('payment.pay.viewTransactions')}
        </Link>
        {ended ? (
          <Button variant="outline" onClick={onAnother}>
            {t('payment.pay.another')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
