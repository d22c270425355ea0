// Steps 5 and 6: the payer's authorization and the Pix or SPEI payment
// created for the locked quote (one Idempotency-Key per quote, kept across
// retries).

import { useCallback } from 'react';
import { toast } from '@/components/ui/toast-store';
import { ApiError, hasCode, serverText } from '@/lib/api-client';
import { useCreatePayment, type Payment } from '../api/create-payment';
import { newIdempotencyKey } from '@/features/payments/lib/browser';
import { showMoney } from '@/features/payments/lib/format';
import { checkDetailsPayload, senderName } from '../lib/payloads';
import { formFieldOf } from '../lib/server-fields';
import type { WizardState } from '../lib/state';
import { localDeadline } from '@/features/payments/lib/timer';
import { cleanCurp, paymentPreflight } from '@/features/payments/lib/validation';
import type { WizardCore } from './wizard-core';

function paymentRequest(s: WizardState, method: 'pix' | 'spei', key: string) {
  const quote = s.quote!;
  const authorization = { accepted: true as const, signed_at: s.signedAt ?? new Date().toISOString(), signer_name: senderName(s.form) };
  const check = s.form.deliveryMethod === 'check-to-school';
  const externalAccountId = check ? undefined : (s.selectedExternalAccountId ?? s.externalAccount?.id ?? undefined);
  if (method === 'pix') {
    return {
      method: 'pix' as const,
      key,
      payload: {
        amount_brl: quote.total_local_amount,
        customer_id: s.customerId!,
        wallet_address: s.walletAddress!,
        quote_id: quote.on_ramp.id,
        sender_name: senderName(s.form),
        sender_document: s.form.taxId.trim(),
        external_account_id: externalAccountId,
        delivery_method: check ? ('check-to-school' as const) : ('usd-bank-transfer' as const),
        check_details: check ? checkDetailsPayload(s.form) : undefined,
        authorization,
      },
    };
  }
  return {
    method: 'spei' as const,
    key,
    payload: {
      amount_mxn: quote.total_local_amount,
      quote_id: quote.on_ramp.id,
      customer_id: s.customerId!,
      sender_clabe: cleanCurp(s.form.taxId),
      wallet_id: s.walletId!,
      sender_name: senderName(s.form),
      external_account_id: externalAccountId,
      delivery_method: 'usd-bank-transfer' as const,
      authorization,
    },
  };
}

export function usePayment(core: WizardCore, openExpired: () => void) {
  const { config, t, dispatch, stateRef, errorToast, setFieldError } = core;
  const mutation = useCreatePayment();

  const authorize = useCallback(
    (checked: boolean) => dispatch({ type: 'authorize', authorized: checked, signedAt: checked ? new Date().toISOString() : null }),
    [dispatch],
  );

  const proceed = useCallback(async () => {
    const s = stateRef.current;
    if (s.quoteExpired) return openExpired();
    const pre = paymentPreflight(
      {
        method: config.method,
        authorized: s.authorized,
        onRampQuoteId: s.quote?.on_ramp.id ?? null,
        offRampQuoteId: s.quote?.off_ramp.id ?? null,
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
      dispatch({ type: 'payment-error', message: pre.message });
      errorToast(pre.message, pre.title === 'authorization' ? t('toasts.authorizationRequired') : t('toasts.paymentError'));
      return;
    }
    const quoteId = s.quote!.on_ramp.id;
    const key = s.attempt?.quoteId === quoteId ? s.attempt.key : newIdempotencyKey();
    dispatch({ type: 'attempt', quoteId, key });
    dispatch({ type: 'payment-error', message: null });
    const fallback = config.method === 'pix' ? t('errors.pix') : t('errors.spei');
    try {
      const payment: Payment = await mutation.mutateAsync(paymentRequest(s, config.method, key));
      if (payment.status === 'failed' || payment.status === 'expired') {
        // That attempt is over; the next one must be a new request.
        dispatch({ type: 'attempt', quoteId, key: newIdempotencyKey() });
        throw new Error(fallback);
      }
      dispatch({ type: 'payment-created', payment, deadline: localDeadline(payment.expires_at, Date.now(), payment.created_at), now: Date.now() });
      if (config.method === 'spei') {
        toast({ title: t('toasts.speiGenerated'), description: t('toasts.speiGeneratedBody', { amount: showMoney(payment.amount_local, 'MXN') }) });
      }
    } catch (err) {
      const message = serverText(err, fallback, t);
      errorToast(message, t('toasts.paymentError'));
      dispatch({ type: 'payment-error', message });
      const field = formFieldOf('payment', err);
      if (field) setFieldError(field, message);
      const over = hasCode(err, 'quote_expired', 'quote_used', 'quote_not_found');
      if (over || (err instanceof ApiError && err.status >= 500)) {
        dispatch({ type: 'attempt', quoteId, key: newIdempotencyKey() });
      }
      if (hasCode(err, 'quote_expired')) {
        dispatch({ type: 'quote-expired' });
        openExpired();
      }
    }
  }, [config.method, dispatch, errorToast, mutation, openExpired, setFieldError, stateRef, t]);

  return { authorize, proceed, proceeding: mutation.isPending };
}
