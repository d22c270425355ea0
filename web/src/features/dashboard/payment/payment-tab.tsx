import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { hasCode, serverText } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { createQuote, type Quote } from '@/features/payments/api/create-quote';
import { useCountdown } from '@/features/payments/hooks/use-countdown';
import { copyText, newIdempotencyKey } from '@/features/payments/lib/browser';
import { localDeadline } from '@/features/payments/lib/timer';
import { dashboardKey } from '../api/dashboard-api';
import { processPayment, usePaymentSetup, type DashboardPayment, type SavedBankAccount } from '../api/payment-api';
import { MethodStep } from './method-step';
import { countryConfig, quoteRequest, type SendMoney } from './payment-logic';
import { AuthorizeStep, PayStep, SummaryStep } from './process-steps';
import { SendMoneyStep } from './send-money-step';

type Step = 1 | 2 | 3 | 4 | 5;

interface Locked {
  quote: Quote;
  deadline: number;
  key: string; // one Idempotency-Key per quote, kept across retries
}

const emptyDraft: SendMoney = { amount: '', country: 'brazil', recipient: '' };

/**
 * PaymentTab is Make a Payment: Send Money, the payment method, the
 * Payment Summary and Process Payment, which locks a quote, takes the
 * payer's authorization and creates the payment through the wizards'
 * server path, then shows what to pay and follows it to the end.
 */
export function PaymentTab() {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('wizard');
  const queryClient = useQueryClient();
  const me = useMe().data;
  const setup = usePaymentSetup();
  const [step, setStep] = useState<Step>(1);
  const [draft, setDraft] = useState<SendMoney>(emptyDraft);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [bank, setBank] = useState<SavedBankAccount | null>(null);
  const [locked, setLocked] = useState<Locked | null>(null);
  const [authorized, setAuthorized] = useState<{ at: string } | null>(null);
  const [payment, setPayment] = useState<{ p: DashboardPayment; deadline: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [payStatus, setPayStatus] = useState('');

  const profile = setup.data?.profiles.find((p) => p.country === draft.country) ?? null;
  const cfg = countryConfig(draft.country);

  const quoteTimer = useCountdown({ deadline: locked?.deadline ?? null, active: step === 4, stopped: false, onExpire: () => setExpired(true) });
  const payTimer = useCountdown({ deadline: payment?.deadline ?? null, active: step === 5, stopped: false, onExpire: () => undefined });

  const lockQuote = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const request = quoteRequest(draft);
      if (!request) throw new Error('unreadable amount'); // Send Money refused it already
      const quote = await createQuote(request);
      setLocked({ quote, deadline: localDeadline(quote.expires_at, Date.now()), key: newIdempotencyKey() });
      setAuthorized(null);
      setExpired(false);
      setStep(4);
    } catch (err) {
      setError(serverText(err, tw('errors.createQuote'), tw));
    } finally {
      setBusy(false);
    }
  }, [draft, tw]);

  const proceed = async () => {
    if (!locked || !authorized || !profile || !bank) return;
    setBusy(true);
    setError(null);
    try {
      const p = await processPayment(
        {
          customer_id: profile.customer_id,
          quote_id: locked.quote.on_ramp.id,
          external_account_id: bank.id,
          recipient: draft.recipient.trim(),
          authorization: { accepted: true, signed_at: authorized.at, signer_name: profile.name },
        },
        locked.key,
      );
      setPayment({ p, deadline: localDeadline(p.expires_at, Date.now(), p.created_at) });
      setStep(5);
      // The new payment shows in Recent Transactions and the totals at once.
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    } catch (err) {
      if (hasCode(err, 'quote_expired')) setExpired(true);
      if (hasCode(err, 'quote_expired', 'quote_used', 'quote_not_found')) setLocked((l) => (l ? { ...l, key: newIdempotencyKey() } : l));
      setError(serverText(err, cfg.method === 'pix' ? tw('errors.pix') : tw('errors.spei'), tw));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (text: string, title: string, description: string) => {
    if (await copyText(text)) toast({ title, description });
    else toast({ title: tw('toasts.copyFailed'), description: tw('toasts.copyFailedBody'), variant: 'destructive' });
  };

  const restart = () => {
    setStep(1);
    setDraft(emptyDraft);
    setBank(null);
    setLocked(null);
    setAuthorized(null);
    setPayment(null);
    setPayStatus('');
    setError(null);
  };

  const titles: Record<Step, string> = {
    1: t('payment.send.title'),
    2: t('payment.method.title'),
    3: t('payment.summary.title'),
    4: t('payment.authorize.title'),
    5: payStatus === 'completed' ? tw('steps.8.complete') : tw(`steps.6.${draft.country}`),
  };

  return (
    <Card>
      {step <= 3 ? <p className="text-sm font-medium text-slate-600">{t('payment.stepOf', { step })}</p> : null}
      <h2 className="text-xl font-bold text-ink">{titles[step]}</h2>
      {setup.isError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {t('payment.loadError')}
        </p>
      ) : null}

      {step === 1 ? (
        <SendMoneyStep
          value={draft}
          onChange={(v) => {
            setDraft(v);
            if (v.country !== draft.country) setBank(null);
          }}
          problem={amountProblem}
          setProblem={setAmountProblem}
          onContinue={() => setStep(2)}
        />
      ) : null}
      {step === 2 ? (
        setup.isPending ? (
          <p className="mt-4 text-slate-600">{t('loading')}</p>
        ) : (
          <MethodStep
            country={draft.country}
            profile={profile}
            onWaitlist={setup.data?.check_waitlist ?? false}
            accountName={{ first: me?.first_name ?? '', last: me?.last_name ?? '', email: me?.email ?? '' }}
            onBack={() => setStep(1)}
            onContinue={(b) => {
              setBank(b);
              setError(null);
              setStep(3);
            }}
          />
        )
      ) : null}
      {step === 3 && bank ? (
        <SummaryStep draft={draft} bank={bank} busy={busy} error={error} onBack={() => setStep(2)} onProcess={() => void lockQuote()} />
      ) : null}
      {step === 4 && locked && profile ? (
        <AuthorizeStep
          draft={draft}
          quote={locked.quote}
          signer={profile.name}
          seconds={quoteTimer.seconds}
          warning={quoteTimer.warning}
          expired={expired}
          authorized={authorized !== null}
          signedAt={authorized?.at ?? null}
          busy={busy}
          error={error}
          onAuthorize={(checked) => setAuthorized(checked ? { at: new Date().toISOString() } : null)}
          onBack={() => {
            setError(null);
            setStep(3);
          }}
          onNewQuote={() => void lockQuote()}
          onProceed={() => void proceed()}
        />
      ) : null}
      {step === 5 && payment ? (
        <PayStep
          payment={payment.p}
          seconds={payTimer.seconds}
          warning={payTimer.warning}
          onCopy={(text, title, description) => void copy(text, title, description)}
          onSandboxError={(message) => toast({ title: message, variant: 'destructive' })}
          onAnother={restart}
          onStatus={setPayStatus}
        />
      ) : null}
    </Card>
  );
}
