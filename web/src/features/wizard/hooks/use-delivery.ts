// Steps 2 and 3: the delivery method, the payer's US bank account (saved
// on the server, which answers with its last 4 digits) or the school's
// check details.

import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { serverText } from '@/lib/api-client';
import { createExternalAccount } from '@/features/payments/api/create-external-account';
import { externalAccountPayload } from '@/features/payments/lib/payloads';
import { formFieldOf } from '../lib/server-fields';
import type { WizardForm } from '../lib/state';
import type { CustomerOutcome } from './use-customer';
import type { WizardCore } from './wizard-core';

export function useDelivery(core: WizardCore, ensureCustomer: () => Promise<CustomerOutcome>) {
  const { t, dispatch, stateRef, errorToast, setFieldError } = core;
  const [busy, setBusy] = useState<null | 'customer' | 'account'>(null);
  /** accountError: the server refused the bank account and named no field. */
  const [accountError, setAccountError] = useState<string | null>(null);

  const submitDelivery = useCallback(
    async (values: Partial<WizardForm>) => {
      dispatch({ type: 'form', values });
      setAccountError(null);
      setBusy('customer');
      try {
        const outcome = await ensureCustomer();
        if (outcome.status !== 'ready') return;
        const s = stateRef.current;
        if (s.form.deliveryMethod === 'check-to-school' || s.externalAccount) {
          dispatch({ type: 'delivery-done' });
          return;
        }
        setBusy('account');
        try {
          const acct = await createExternalAccount(externalAccountPayload(s.form, outcome.customerId));
          const account = { id: acct.external_account_id, bankName: acct.bank_name, last4: acct.account_last4 };
          dispatch({ type: 'account-saved', account });
          // The full number is no longer needed here: the server keeps it.
          dispatch({ type: 'form', values: { accountNumber: '' } });
          toast({
            title: t('toasts.accountSaved'),
            description: t('toasts.accountSavedBody', { bank: account.bankName, last4: account.last4 }),
          });
          dispatch({ type: 'delivery-done' });
        } catch (err) {
          const message = serverText(err, t('errors.createAccount'), t);
          const field = formFieldOf('account', err);
          if (field) setFieldError(field, message, true);
          else {
            setAccountError(message);
            errorToast(message);
          }
        }
      } finally {
        setBusy(null);
      }
    },
    [dispatch, ensureCustomer, errorToast, setFieldError, stateRef, t],
  );

  const clearAccount = useCallback(() => dispatch({ type: 'account-cleared' }), [dispatch]);

  const submitSchool = useCallback(
    (values: Partial<WizardForm>) => {
      dispatch({ type: 'form', values });
      dispatch({ type: 'school-done' });
    },
    [dispatch],
  );

  return { submitDelivery, deliveryBusy: busy, accountError, clearAccount, submitSchool };
}
