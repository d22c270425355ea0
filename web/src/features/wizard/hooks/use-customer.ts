// Step 1 and the customer behind it: created in the background while the
// payer chooses a delivery method, reused when the server offers an
// existing profile (and its bank account) that the payer accepts.

import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { serverText } from '@/lib/api-client';
import { createCustomer, NoCustomerIdError, type CustomerResponse } from '@/features/payments/api/create-customer';
import { walletWhenVerified } from '../api/create-wallet';
import { customerPayload } from '@/features/payments/lib/payloads';
import { fingerprint } from '../lib/payloads';
import { formFieldOf } from '../lib/server-fields';
import type { SavedAccount, WizardForm } from '../lib/state';
import type { WizardCore } from './wizard-core';

/** Ask is a question a dialog puts to the payer while a call waits for the answer. */
export type Ask =
  | { kind: 'customer'; res: CustomerResponse; resolve: (accept: boolean) => void }
  | { kind: 'account'; account: SavedAccount; resolve: (accept: boolean) => void };

export type CustomerOutcome = { status: 'ready'; customerId: string } | { status: 'reused-account' } | { status: 'failed' };

function toSaved(a: { id: string; bank_name: string; bank_account_number: string }): SavedAccount {
  return { id: a.id, bankName: a.bank_name, last4: a.bank_account_number.replace(/\D/g, '').slice(-4) };
}

export function useCustomer(core: WizardCore) {
  const { config, t, dispatch, stateRef, errorToast, setFieldError } = core;
  const [ask, setAsk] = useState<Ask | null>(null);
  /** personalError: the server refused step 1's details (the field, when it said which). */
  const [personalError, setPersonalError] = useState<{ field: keyof WizardForm | null; message: string } | null>(null);
  const customerRun = useRef<Promise<CustomerOutcome> | null>(null);
  const latestKey = useRef<string | null>(null);

  const askUser = useCallback(
    (q: { kind: 'customer'; res: CustomerResponse } | { kind: 'account'; account: SavedAccount }) =>
      new Promise<boolean>((resolve) => setAsk({ ...q, resolve } as Ask)),
    [],
  );
  const answer = useCallback(
    (accept: boolean) => {
      ask?.resolve(accept);
      setAsk(null);
    },
    [ask],
  );

  const failed = useCallback(
    (err: unknown, fallback: string) => {
      const message = err instanceof NoCustomerIdError ? t('errors.noCustomerId') : serverText(err, fallback, t);
      const field = formFieldOf('customer', err);
      setPersonalError({ field, message });
      if (field) setFieldError(field, message, true);
      else errorToast(message);
      dispatch({ type: 'customer-failed' });
    },
    [dispatch, errorToast, setFieldError, t],
  );

  const reuse = useCallback(
    async (res: CustomerResponse, key: string): Promise<CustomerOutcome> => {
      if (!(await askUser({ kind: 'customer', res }))) {
        toast({ title: t('toasts.profileNotUsed'), description: t('toasts.profileNotUsedBody') });
        setPersonalError({ field: 'taxId', message: t('toasts.profileNotUsedBody') });
        dispatch({ type: 'goto', step: 1 });
        return { status: 'failed' };
      }
      let reused: CustomerResponse;
      try {
        reused = await createCustomer({ use_existing_customer: true, existing_customer_id: res.customer_id });
      } catch (err) {
        failed(err, t('errors.useExisting'));
        return { status: 'failed' };
      }
      const existing = reused.existing_external_account ? toSaved(reused.existing_external_account) : null;
      dispatch({
        type: 'customer',
        customerId: reused.customer_id,
        walletId: reused.wallet_id,
        walletAddress: reused.wallet_address,
        kycStatus: reused.kyc_status,
        customerKey: key,
        existingExternalAccount: existing,
      });
      toast({ title: t('toasts.existingCustomer'), description: t('toasts.existingCustomerBody') });
      if (existing) {
        if (await askUser({ kind: 'account', account: existing })) {
          dispatch({ type: 'account-reused', account: existing });
          toast({
            title: t('toasts.existingAccountFound'),
            description: t('toasts.existingAccountFoundBody', { bank: existing.bankName, last4: existing.last4 }),
          });
          return { status: 'reused-account' };
        }
        dispatch({ type: 'account-cleared' });
        toast({ title: t('toasts.newAccount'), description: t('toasts.newAccountBody') });
      }
      return { status: 'ready', customerId: reused.customer_id };
    },
    [askUser, dispatch, failed, t],
  );

  const run = useCallback(
    async (form: WizardForm, key: string): Promise<CustomerOutcome> => {
      const stale = () => latestKey.current !== key;
      try {
        const res = await createCustomer(customerPayload(form, config.country));
        if (stale()) return { status: 'failed' };
        if (res.show_popup) return await reuse(res, key);
        let wallet = { wallet_id: res.wallet_id, wallet_address: res.wallet_address };
        if (!wallet.wallet_id || !wallet.wallet_address) {
          try {
            wallet = await walletWhenVerified(res.customer_id, () =>
              toast({ title: t('toasts.success'), description: t('partnerTerms.verifying') }),
            );
          } catch (err) {
            failed(err, t('errors.createWallet'));
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
        if (!stale()) failed(err, t('errors.createCustomer'));
        return { status: 'failed' };
      }
    },
    [config.country, dispatch, failed, reuse, t],
  );

  const start = useCallback(
    (form: WizardForm): Promise<CustomerOutcome> => {
      const key = fingerprint(customerPayload(form, config.country));
      latestKey.current = key;
      const p = run(form, key);
      customerRun.current = p;
      void p.then(() => {
        if (customerRun.current === p) customerRun.current = null;
      });
      return p;
    },
    [config.country, run],
  );

  /** ensureCustomer waits for the customer created in the background (or creates it). */
  const ensureCustomer = useCallback(async (): Promise<CustomerOutcome> => {
    if (customerRun.current) return customerRun.current;
    const s = stateRef.current;
    if (s.customerId) return { status: 'ready', customerId: s.customerId };
    return start(s.form);
  }, [start, stateRef]);

  const submitPersonal = useCallback(
    (values: Partial<WizardForm>) => {
      setPersonalError(null);
      const s = stateRef.current;
      const form = { ...s.form, ...values };
      dispatch({ type: 'form', values });
      const key = fingerprint(customerPayload(form, config.country));
      if (customerRun.current && latestKey.current === key) {
        dispatch({ type: 'personal-done', keepCustomer: false }); // still being registered: carry on
        return;
      }
      if (s.customerId && s.customerKey === key) {
        dispatch({ type: 'personal-done', keepCustomer: true }); // nothing changed: keep the customer
        return;
      }
      if (s.customerId) dispatch({ type: 'customer-cleared' });
      dispatch({ type: 'personal-done', keepCustomer: false });
      void start(form);
    },
    [config.country, dispatch, start, stateRef],
  );

  return { ask, answer, personalError, submitPersonal, ensureCustomer };
}
