// Steps 7 and 9: friends the payer refers (stored by the server, which
// queues an invitation for each; the toast says how many it stored).

import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { serverText } from '@/lib/api-client';
import { submitReferrals } from '@/features/payments/api/submit-referrals';
import { referralEmails } from '@/features/payments/lib/validation';
import type { WizardCore } from './wizard-core';

export function useReferrals(core: WizardCore) {
  const { t, stateRef, errorToast } = core;
  const [busy, setBusy] = useState(false);

  /** sendReferrals resolves to null when the server stored them, else the message to show under the form. */
  const sendReferrals = useCallback(
    async (rows: string[]): Promise<string | null> => {
      const customerId = stateRef.current.customerId;
      const emails = referralEmails(rows);
      const refuse = (message: string) => {
        errorToast(message);
        return message;
      };
      if (!customerId) return refuse(t('referrals.noCustomer'));
      if (emails.length === 0) return refuse(t('referrals.noValid'));
      setBusy(true);
      try {
        const r = await submitReferrals({ customer_id: customerId, emails });
        toast({ title: t('toasts.referralsSubmitted'), description: t('toasts.referralsSent', { n: r.sent }) });
        return null;
      } catch (err) {
        return refuse(serverText(err, t('errors.referrals'), t));
      } finally {
        setBusy(false);
      }
    },
    [errorToast, stateRef, t],
  );

  return { sendReferrals, referralBusy: busy };
}
