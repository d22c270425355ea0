// The wizard's controller: the reducer's state (saved for a reload), the
// step in the browser's history (Back and Forward move between steps),
// the errors under fields, and the hooks of each concern — customer,
// delivery, quote, payment, live status, referrals. Steps are views of it.

import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { amountText, readAmount } from '@/lib/amount';
import { useTranslation } from 'react-i18next';
import { dismissToast, toast } from '@/components/ui/toast-store';
import { useServerConfig } from '@/features/payments/api/get-config';
import type { CountryConfig } from '@/features/payments/lib/country';
import type { FormField } from '../lib/server-fields';
import { reducer, type Step, type WizardForm, type WizardState } from '../lib/state';
import { clearState, loadState, saveState } from '../lib/storage';
import { useCustomer } from './use-customer';
import { useDelivery } from './use-delivery';
import { usePayment } from './use-payment';
import { usePaymentStatus } from './use-payment-status';
import { useQuote } from './use-quote';
import { useReferrals } from './use-referrals';
import { useStepHistory } from './use-step-history';
import type { FieldErrors, WizardCore } from './wizard-core';

export type { Ask } from './use-customer';

/** carriedAmount reads ?amount= (USD, as /quote and the calculator write it) into step 4's field. */
function carriedAmount(text: string | null): string | undefined {
  const n = readAmount(text ?? '', 'USD');
  return n.ok && n.value > 0 ? amountText(n.value) : undefined;
}

export function useWizard(config: CountryConfig) {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(reducer, config.country, (c) =>
    loadState(c, { resuming: params.has('step'), amountUSD: carriedAmount(params.get('amount')) }),
  );
  const stateRef = useRef<WizardState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const leaving = useRef(false);
  // Saved as the step is committed, before the page paints it: a reload as
  // soon as a step shows finds it saved. A passive effect could run after a
  // reload already started on a busy machine, and the wizard came back a
  // step behind (a CI run, 2026-11-28: Forward to step 2, then reload).
  useLayoutEffect(() => {
    if (!leaving.current) saveState(config.country, state);
  }, [config.country, state]);
  useStepHistory(state, dispatch);

  const { data: serverConfig } = useServerConfig();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const fieldToasts = useRef(new Map<FormField, number>());
  const setFieldError = useCallback((field: FormField, message: string | null, announce = false) => {
    const shown = fieldToasts.current.get(field);
    if (shown !== undefined && (message === null || announce)) {
      dismissToast(shown);
      fieldToasts.current.delete(field);
    }
    if (message !== null && announce) {
      fieldToasts.current.set(field, toast({ title: t('toasts.error'), description: message, variant: 'destructive' }));
    }
    setFieldErrors((e) => {
      if ((e[field] ?? null) === message) return e;
      const next = { ...e };
      if (message === null) delete next[field];
      else next[field] = message;
      return next;
    });
  }, [t]);
  const errorToast = useCallback(
    (description: string, title = t('toasts.error')) => toast({ title, description, variant: 'destructive' }),
    [t],
  );
  const core: WizardCore = useMemo(
    () => ({ config, t, dispatch, stateRef, errorToast, setFieldError }),
    [config, t, errorToast, setFieldError],
  );

  const customer = useCustomer(core);
  const delivery = useDelivery(core, customer.ensureCustomer);
  const quote = useQuote(core, serverConfig?.quote_ttl_seconds);
  const { setExpiredOpen } = quote;
  const openExpired = useCallback(() => setExpiredOpen(true), [setExpiredOpen]);
  const payment = usePayment(core, openExpired);
  const status = usePaymentStatus(core, state, openExpired);
  const referrals = useReferrals(core);

  /** updateForm keeps what the payer types; a changed field's error goes away. */
  const updateForm = useCallback(
    (values: Partial<WizardForm>) => {
      for (const f of Object.keys(values) as FormField[]) {
        if (values[f] !== stateRef.current.form[f]) setFieldError(f, null);
      }
      dispatch({ type: 'form', values });
    },
    [setFieldError],
  );
  const back = useCallback(() => dispatch({ type: 'back' }), []);
  const goto = useCallback((step: Step) => dispatch({ type: 'goto', step }), []);

  /** finish leaves the wizard clean for the next payment (steps 7-9), then goes where asked. */
  const finish = useCallback(
    (to: string) => {
      if (stateRef.current.step >= 7) {
        leaving.current = true;
        clearState(config.country);
      }
      navigate(to);
    },
    [config.country, navigate],
  );
  const returnHome = useCallback(() => finish('/'), [finish]);
  const startAnother = useCallback(() => {
    leaving.current = false;
    clearState(config.country);
    dispatch({ type: 'restart', country: config.country });
  }, [config.country]);

  return {
    config,
    state,
    serverConfig,
    t,
    fieldErrors,
    updateForm,
    back,
    goto,
    returnHome,
    finish,
    startAnother,
    ...customer,
    ...delivery,
    ...quote,
    ...payment,
    ...status,
    ...referrals,
  };
}

export type WizardController = ReturnType<typeof useWizard>;
