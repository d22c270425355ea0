// The wizard's controller: its state, the calls each step makes, the
// dialogs they open, the quote timer and the payment-status polling.
// Steps are plain views of what this returns.

import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { createCustomer, NoCustomerIdError, type CustomerResponse } from '../api/create-customer';
import { createExternalAccount } from '../api/create-external-account';
import { useCreatePayment, type Payment } from '../api/create-payment';
import { createQuote } from '../api/create-quote';
import { createWallet } from '../api/create-wallet';
import { useServerConfig } from '../api/get-config';
import { getWebhookStatus } from '../api/get-webhook-status';
import { submitReferrals } from '../api/submit-referrals';
import { triggerMockWebhook, type SandboxEvent } from '../api/trigger-mock-webhook';
import { usdFieldText, usdFromLocal } from '../lib/amount';
import { showMoney } from '../lib/format';
import { copyText, newIdempotencyKey } from '../lib/browser';
import { POLL_INTERVAL_MS, POLL_MAX_MS, RATE_PROBE_USD, type CountryConfig } from '../lib/country';
import { isFinal, reduceStatus, type Effect } from '../lib/payment-progress';
import { checkDetailsPayload, customerPayload, externalAccountPayload, fingerprint, senderName } from '../lib/payloads';
import { reducer, previousStep, type SavedAccount, type Step, type WizardForm, type WizardState } from '../lib/state';
import { clearState, loadState, saveState } from '../lib/storage';
import { localDeadline } from '../lib/timer';
import {
  belowMinimum,
  checkAmount,
  cleanCurp,
  fieldForServerError,
  paymentPreflight,
  referralEmails,
  type PersonalField,
} from '../lib/validation';
import { useCountdown } from './use-countdown';
import { usePolling } from './use-polling';

/** Ask is a question a dialog puts to the payer while a call waits for the answer. */
export type Ask =
  | { kind: 'customer'; res: CustomerResponse; resolve: (accept: boolean) => void }
  | { kind: 'account'; account: SavedAccount; resolve: (accept: boolean) => void };

type CustomerOutcome = { status: 'ready'; customerId: string } | { status: 'reused-account' } | { status: 'failed' };

/**
 * serverText is the server's error text when there is a useful one, else
 * the spec's fallback ("Failed to create customer", ...).
 */
export function serverText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const m = err.message.trim();
    if (m && m !== 'internal error' && !/^Request failed \(\d+\)$/.test(m)) return m;
  }
  return fallback;
}

function toSaved(a: { id: string; bank_name: string; bank_account_number: string }): SavedAccount {
  return { id: a.id, bankName: a.bank_name, last4: a.bank_account_number.replace(/\D/g, '').slice(-4) };
}

export function useWizard(config: CountryConfig) {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(reducer, config.country, loadState);
  const stateRef = useRef<WizardState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const leaving = useRef(false);
  useEffect(() => {
    if (!leaving.current) saveState(config.country, state);
  }, [config.country, state]);

  const { data: serverConfig } = useServerConfig();
  const paymentMutation = useCreatePayment();

  const [ask, setAsk] = useState<Ask | null>(null);
  const [minimumOpen, setMinimumOpen] = useState(false);
  const [expiredOpen, setExpiredOpen] = useState(false);
  const [personalError, setPersonalError] = useState<{ field: PersonalField | null } | null>(null);
  const [deliveryBusy, setDeliveryBusy] = useState<null | 'customer' | 'account'>(null);
  const [quoteBusy, setQuoteBusy] = useState(false);
  const [referralBusy, setReferralBusy] = useState(false);

  const customerRun = useRef<Promise<CustomerOutcome> | null>(null);
  const latestCustomerKey = useRef<string | null>(null);

  const errorToast = useCallback((description: string, title = t('toasts.error')) => {
    toast({ title, description, variant: 'destructive' });
  }, [t]);

  const askUser = useCallback(
    (question: { kind: 'customer'; res: CustomerResponse } | { kind: 'account'; account: SavedAccount }) =>
      new Promise<boolean>((resolve) => setAsk({ ...question, resolve } as Ask)),
    [],
  );

  const answer = useCallback(
    (accept: boolean) => {
      ask?.resolve(accept);
      setAsk(null);
    },
    [ask],
  );

  const goto = useCallback((step: Step) => dispatch({ type: 'goto', step }), []);

  // ------------------------------------------------------------ customer

  const customerFailed = useCallback(
    (message: string) => {
      errorToast(message);
      setPersonalError({ field: fieldForServerError(message) });
      if (stateRef.current.step <= 3) dispatch({ type: 'goto', step: 1 });
    },
    [errorToast],
  );

  const runCustomer = useCallback(
    async (form: WizardForm, key: string): Promise<CustomerOutcome> => {
      const stale = () => latestCustomerKey.current !== key;
      try {
        const res = await createCustomer(customerPayload(form, config.country));
        if (stale()) return { status: 'failed' };
        if (res.show_popup) {
          const accept = await askUser({ kind: 'customer', res });
          if (!accept) {
            toast({ title: t('toasts.profileNotUsed'), description: t('toasts.profileNotUsedBody') });
            setPersonalError({ field: 'taxId' });
            dispatch({ type: 'goto', step: 1 });
            return { status: 'failed' };
          }
          let reused: CustomerResponse;
          try {
            reused = await createCustomer({ use_existing_customer: true, existing_customer_id: res.customer_id });
          } catch {
            customerFailed(t('errors.useExisting'));
            return { status: 'failed' };
          }
          dispatch({
            type: 'customer',
            customerId: reused.customer_id,
            walletId: reused.wallet_id,
            walletAddress: reused.wallet_address,
            kycStatus: reused.kyc_status,
            customerKey: key,
            existingExternalAccount: reused.existing_external_account ? toSaved(reused.existing_external_account) : null,
          });
          toast({ title: t('toasts.existingCustomer'), description: t('toasts.existingCustomerBody') });
          if (reused.existing_external_account) {
            const account = toSaved(reused.existing_external_account);
            const use = await askUser({ kind: 'account', account });
            if (use) {
              dispatch({ type: 'account-reused', account });
              toast({
                title: t('toasts.existingAccountFound'),
                description: t('toasts.existingAccountFoundBody', { bank: account.bankName, last4: account.last4 }),
              });
              return { status: 'reused-account' };
            }
            dispatch({ type: 'account-cleared' });
            toast({ title: t('toasts.newAccount'), description: t('toasts.newAccountBody') });
          }
          return { status: 'ready', customerId: reused.customer_id };
        }

        let wallet = { wallet_id: res.wallet_id, wallet_address: res.wallet_address };
        if (!wallet.wallet_id || !wallet.wallet_address) {
          try {
            wallet = await createWallet(res.customer_id);
          } catch (err) {
            customerFailed(serverText(err, t('errors.createWallet')));
            return { status: 'failed' };
          }
        }
        dispatch({
          type: 'customer',
          customerId: res.customer_id,
          walletId: wallet.wallet_id,
          walletAddress: wallet.wallet_address,
          kycStatus: res.kyc_status,
          customerKey: key,
          existingExternalAccount: null,
        });
        toast({ title: t('toasts.success'), description: t('toasts.customerCreated') });
        return { status: 'ready', customerId: res.customer_id };
      } catch (err) {
        if (stale()) return { status: 'failed' };
        customerFailed(err instanceof NoCustomerIdError ? t('errors.noCustomerId') : serverText(err, t('errors.createCustomer')));
        return { status: 'failed' };
      }
    },
    [askUser, config.country, customerFailed, t],
  );

  const startCustomer = useCallback(
    (form: WizardForm): Promise<CustomerOutcome> => {
      const key = fingerprint(customerPayload(form, config.country));
      latestCustomerKey.current = key;
      const run = runCustomer(form, key);
      customerRun.current = run;
      void run.then(() => {
        if (customerRun.current === run) customerRun.current = null;
      });
      return run;
    },
    [config.country, runCustomer],
  );

  /** ensureCustomer waits for the customer created in the background (or creates it). */
  const ensureCustomer = useCallback(async (): Promise<CustomerOutcome> => {
    if (customerRun.current) return customerRun.current;
    const s = stateRef.current;
    if (s.customerId) return { status: 'ready', customerId: s.customerId };
    return startCustomer(s.form);
  }, [startCustomer]);

  // ------------------------------------------------------------ steps 1-3

  const updateForm = useCallback((values: Partial<WizardForm>) => dispatch({ type: 'form', values }), []);

  const submitPersonal = useCallback(
    (values: Partial<WizardForm>) => {
      setPersonalError(null);
      const s = stateRef.current;
      const form = { ...s.form, ...values };
      dispatch({ type: 'form', values });
      const key = fingerprint(customerPayload(form, config.country));
      if (customerRun.current && latestCustomerKey.current === key) {
        // The same details are still being registered: carry on.
        dispatch({ type: 'goto', step: 2 });
        return;
      }
      if (s.customerId && s.customerKey === key) {
        // Nothing changed: keep the customer (and a reused bank account: straight to step 4).
        dispatch({ type: 'goto', step: s.useExistingAccount ? 4 : 2 });
        return;
      }
      if (s.customerId) dispatch({ type: 'customer-cleared' });
      dispatch({ type: 'goto', step: 2 });
      void startCustomer(form);
    },
    [config.country, startCustomer],
  );

  const submitDelivery = useCallback(
    async (values: Partial<WizardForm>) => {
      dispatch({ type: 'form', values });
      setDeliveryBusy('customer');
      try {
        const outcome = await ensureCustomer();
        if (outcome.status !== 'ready') return;
        const s = stateRef.current;
        const form = { ...s.form, ...values };
        if (form.deliveryMethod === 'check-to-school') {
          dispatch({ type: 'goto', step: 3 });
          return;
        }
        if (s.externalAccount) {
          dispatch({ type: 'goto', step: 4 });
          return;
        }
        setDeliveryBusy('account');
        try {
          const acct = await createExternalAccount(externalAccountPayload(form, outcome.customerId));
          const account = { id: acct.external_account_id, bankName: acct.bank_name, last4: acct.account_last4 };
          dispatch({ type: 'account-saved', account });
          // The full number is no longer needed here: the server keeps it.
          dispatch({ type: 'form', values: { accountNumber: '' } });
          toast({
            title: t('toasts.accountSaved'),
            description: t('toasts.accountSavedBody', { bank: account.bankName, last4: account.last4 }),
          });
          dispatch({ type: 'goto', step: 4 });
        } catch (err) {
          errorToast(serverText(err, t('errors.createAccount')));
        }
      } finally {
        setDeliveryBusy(null);
      }
    },
    [ensureCustomer, errorToast, t],
  );

  const clearAccount = useCallback(() => dispatch({ type: 'account-cleared' }), []);

  const submitSchool = useCallback((values: Partial<WizardForm>) => {
    dispatch({ type: 'form', values });
    dispatch({ type: 'goto', step: 4 });
  }, []);

  const back = useCallback(() => dispatch({ type: 'goto', step: previousStep(stateRef.current) }), []);

  // ------------------------------------------------------------ step 4

  const setAmount = useCallback(
    (a: { amountCurrency?: 'USD' | 'local'; localAmount?: string; amountUSD?: string }) => dispatch({ type: 'amount', ...a }),
    [],
  );

  const getQuote = useCallback(async () => {
    const s = stateRef.current;
    setQuoteBusy(true);
    try {
      let usd: number;
      if (s.amountCurrency === 'local') {
        const c = checkAmount(s.localAmount, config.currency, t);
        if (!c.ok) return errorToast(c.message);
        let probeTotal: number;
        try {
          probeTotal = (await createQuote(config.symbol, RATE_PROBE_USD)).total_local_amount;
        } catch {
          return errorToast(t('errors.exchangeRate'));
        }
        usd = usdFromLocal(c.value, probeTotal, RATE_PROBE_USD);
        if (!(usd > 0)) return errorToast(t('validation.amount', { currency: config.currency }));
        dispatch({ type: 'amount', amountUSD: usdFieldText(usd) });
      } else {
        const c = checkAmount(s.form.amountUSD, 'USD', t);
        if (!c.ok) return errorToast(c.message);
        usd = c.value;
      }
      if (belowMinimum(usd, config.minimumUSD)) {
        setMinimumOpen(true);
        return;
      }
      const quote = await createQuote(config.symbol, usd);
      const ttl = serverConfig?.quote_ttl_seconds;
      const start = ttl ? new Date(Date.parse(quote.expires_at) - ttl * 1000).toISOString() : null;
      dispatch({ type: 'quote-locked', quote, deadline: localDeadline(quote.expires_at, Date.now(), start) });
    } catch (err) {
      const message = serverText(err, t('errors.createQuote'));
      if (message.startsWith('Minimum Transfer Amount')) setMinimumOpen(true);
      else errorToast(message);
    } finally {
      setQuoteBusy(false);
    }
  }, [config, errorToast, serverConfig?.quote_ttl_seconds, t]);

  // ------------------------------------------------------------ step 5

  const authorize = useCallback((checked: boolean) => {
    dispatch({ type: 'authorize', authorized: checked, signedAt: checked ? new Date().toISOString() : null });
  }, []);

  const proceed = useCallback(async () => {
    const s = stateRef.current;
    if (s.quoteExpired) {
      setExpiredOpen(true);
      return;
    }
    const pre = paymentPreflight(
      {
        method: config.method,
        authorized: s.authorized,
        onRampQuoteId: s.onRampQuoteId,
        offRampQuoteId: s.offRampQuoteId,
        hasQuote: s.quote !== null,
        senderName: senderName(s.form),
        taxId: s.form.taxId,
        customerId: s.customerId,
        walletAddress: s.walletAddress,
        walletId: s.walletId,
      },
      t,
    );
    if (pre) {
      errorToast(pre.message, pre.title === 'authorization' ? t('toasts.authorizationRequired') : t('toasts.paymentError'));
      return;
    }
    const quote = s.quote!;
    const key = s.attempt?.quoteId === quote.on_ramp.id ? s.attempt.key : newIdempotencyKey();
    dispatch({ type: 'attempt', quoteId: quote.on_ramp.id, key });
    dispatch({ type: 'payment-error', message: null });
    const signedAt = s.signedAt ?? new Date().toISOString();
    const authorization = { accepted: true as const, signed_at: signedAt, signer_name: senderName(s.form) };
    const check = s.form.deliveryMethod === 'check-to-school';
    const externalAccountId = check ? undefined : (s.selectedExternalAccountId ?? s.externalAccount?.id ?? undefined);
    const fallback = config.method === 'pix' ? t('errors.pix') : t('errors.spei');
    try {
      let payment: Payment;
      if (config.method === 'pix') {
        payment = await paymentMutation.mutateAsync({
          method: 'pix',
          key,
          payload: {
            amount_brl: quote.total_local_amount,
            customer_id: s.customerId!,
            wallet_address: s.walletAddress!,
            quote_id: quote.on_ramp.id,
            sender_name: senderName(s.form),
            sender_document: s.form.taxId.trim(),
            external_account_id: externalAccountId,
            delivery_method: check ? 'check-to-school' : 'usd-bank-transfer',
            check_details: check ? checkDetailsPayload(s.form) : undefined,
            authorization,
          },
        });
      } else {
        payment = await paymentMutation.mutateAsync({
          method: 'spei',
          key,
          payload: {
            amount_mxn: quote.total_local_amount,
            quote_id: quote.on_ramp.id,
            customer_id: s.customerId!,
            sender_clabe: cleanCurp(s.form.taxId),
            wallet_id: s.walletId!,
            sender_name: senderName(s.form),
            external_account_id: externalAccountId,
            delivery_method: 'usd-bank-transfer',
            authorization,
          },
        });
      }
      if (payment.status === 'failed' || payment.status === 'expired') {
        // That attempt is over; the next one must be a new request.
        dispatch({ type: 'attempt', quoteId: quote.on_ramp.id, key: newIdempotencyKey() });
        throw new Error(fallback);
      }
      dispatch({
        type: 'payment-created',
        payment,
        deadline: localDeadline(payment.expires_at, Date.now(), payment.created_at),
        now: Date.now(),
      });
      if (config.method === 'spei') {
        toast({
          title: t('toasts.speiGenerated'),
          description: t('toasts.speiGeneratedBody', { amount: showMoney(payment.amount_local, 'MXN') }),
        });
      }
    } catch (err) {
      const message = serverText(err, fallback);
      errorToast(message, t('toasts.paymentError'));
      if (config.method === 'pix') dispatch({ type: 'payment-error', message });
      if (err instanceof ApiError && (err.status === 503 || err.status === 410)) {
        dispatch({ type: 'attempt', quoteId: quote.on_ramp.id, key: newIdempotencyKey() });
      }
      if (err instanceof ApiError && err.status === 410) {
        dispatch({ type: 'quote-expired' });
        setExpiredOpen(true);
      }
    }
  }, [config.method, errorToast, paymentMutation, t]);

  // ------------------------------------------------------------ steps 5-6: status and timer

  const applyEffects = useCallback(
    (effects: Effect[], s: WizardState) => {
      for (const e of effects) {
        if (e === 'offramp-toast' && s.offramp) {
          toast({
            title: t('toasts.offrampCreated'),
            description: t('toasts.offrampCreatedBody', { amount: showMoney(s.offramp.amount, 'USD') }),
          });
        } else if (e === 'complete-toast') {
          const check = s.form.deliveryMethod === 'check-to-school';
          toast({
            title: t('toasts.transferComplete'),
            description: check ? t('toasts.transferCompleteCheck') : t('toasts.transferCompleteBank'),
          });
        } else if (e === 'failed') {
          errorToast(t('toasts.paymentFailed'), t('toasts.paymentError'));
        }
      }
    },
    [errorToast, t],
  );

  /** checkStatus asks the server once and applies the answer; true when polling should stop. */
  const checkStatus = useCallback(
    async (signal?: AbortSignal): Promise<boolean> => {
      const s = stateRef.current;
      if (!s.payment) return true;
      const status = await getWebhookStatus(s.payment.transaction_id, signal);
      const cur = stateRef.current;
      if (!cur.payment || cur.payment.transaction_id !== s.payment.transaction_id) return true;
      const { next, effects } = reduceStatus({ progress: cur.progress, offramp: cur.offramp, lastStatus: cur.lastStatus }, status);
      dispatch({ type: 'progress', ...next });
      applyEffects(effects, { ...cur, ...next });
      if (effects.includes('expired')) {
        dispatch({ type: 'quote-expired' });
        setExpiredOpen(true);
      }
      return effects.includes('stop-polling');
    },
    [applyEffects],
  );

  usePolling(checkStatus, {
    enabled: state.payment !== null && !isFinal(state.progress),
    intervalMs: POLL_INTERVAL_MS,
    maxMs: POLL_MAX_MS,
    startedAt: state.pollStartedAt ?? 0,
  });

  const handleExpire = useCallback(async () => {
    const s = stateRef.current;
    if (s.progress !== 'waiting') return;
    if (s.step === 6 && s.payment) {
      // The payer may have paid at the last second (or before a reload): ask first.
      try {
        await checkStatus();
      } catch {
        // no answer: the clock decides
      }
      if (stateRef.current.progress !== 'waiting') return;
    }
    dispatch({ type: 'quote-expired' });
    setExpiredOpen(true);
  }, [checkStatus]);

  const timerDeadline = state.step === 6 ? state.paymentDeadline : state.step === 5 ? state.quoteDeadline : null;
  const timer = useCountdown({
    deadline: timerDeadline,
    active: state.step === 5 || state.step === 6,
    stopped: state.timerStopped,
    onExpire: () => void handleExpire(),
  });

  const newQuote = useCallback(() => {
    setExpiredOpen(false);
    dispatch({ type: 'new-quote' });
  }, []);

  // ------------------------------------------------------------ step 6 helpers

  const copy = useCallback(
    async (text: string, title: string, description: string) => {
      if (await copyText(text)) toast({ title, description });
      else errorToast(t('toasts.copyFailedBody'), t('toasts.copyFailed'));
    },
    [errorToast, t],
  );

  const simulate = useCallback(
    async (event: SandboxEvent) => {
      const s = stateRef.current;
      if (!s.payment) return false;
      try {
        await triggerMockWebhook(s.payment.transaction_id, event);
        return true;
      } catch (err) {
        errorToast(serverText(err, t('toasts.sandboxFailed')));
        return false;
      }
    },
    [errorToast, t],
  );

  // ------------------------------------------------------------ steps 7-9

  const sendReferrals = useCallback(
    async (rows: string[]): Promise<boolean> => {
      const s = stateRef.current;
      const emails = referralEmails(rows);
      if (!s.customerId) {
        errorToast(t('referrals.noCustomer'));
        return false;
      }
      if (emails.length === 0) {
        errorToast(t('referrals.noValid'));
        return false;
      }
      setReferralBusy(true);
      try {
        const r = await submitReferrals(s.customerId, emails);
        toast({ title: t('toasts.referralsSubmitted'), description: t('toasts.referralsSent', { n: r.sent }) });
        return true;
      } catch {
        errorToast(t('errors.referrals'));
        return false;
      } finally {
        setReferralBusy(false);
      }
    },
    [errorToast, t],
  );

  const returnHome = useCallback(() => {
    const s = stateRef.current;
    // A finished (or received) payment is done with: the next visit starts afresh.
    if (s.step >= 7) {
      leaving.current = true;
      clearState(config.country);
    }
    navigate('/');
  }, [config.country, navigate]);

  return {
    config,
    state,
    serverConfig,
    t,
    // dialogs
    ask,
    answer,
    minimumOpen,
    setMinimumOpen,
    expiredOpen,
    setExpiredOpen,
    newQuote,
    // steps
    personalError,
    updateForm,
    submitPersonal,
    submitDelivery,
    deliveryBusy,
    clearAccount,
    submitSchool,
    back,
    goto,
    setAmount,
    getQuote,
    quoteBusy,
    authorize,
    proceed,
    proceeding: paymentMutation.isPending,
    timer,
    copy,
    simulate,
    sendReferrals,
    referralBusy,
    returnHome,
  };
}

export type WizardController = ReturnType<typeof useWizard>;
