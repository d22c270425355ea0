import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { ReferralForm } from '@/features/payments/components/referral-form';
import { useSubmitReferrals } from '@/features/payments/api/submit-referrals';
import { isValidReferralEmail } from '../referral-email';

/** ReferralSender is /payment-complete's referral form for the session's payment profile. */
export function ReferralSender({ customerId }: { customerId: string }) {
  const { t } = useTranslation('info');
  const submit = useSubmitReferrals();
  const onSend = async (rows: string[]): Promise<string | null> => {
    const emails = rows.map((r) => r.trim()).filter(isValidReferralEmail);
    if (emails.length === 0) {
      toast({ title: t('complete.referral.noneValidTitle'), description: t('complete.referral.noneValidDescription'), variant: 'destructive' });
      return t('complete.referral.noneValidDescription');
    }
    try {
      const res = await submit.mutateAsync({ customer_id: customerId, emails });
      toast({ title: t('complete.referral.successTitle'), description: t('complete.referral.sent', { count: res.sent }) });
      return null;
    } catch (err) {
      const message = errorMessage(err, t('complete.referral.errorFallback'), t);
      toast({ title: t('complete.referral.errorTitle'), description: message, variant: 'destructive' });
      return message;
    }
  };
  return (
    <ReferralForm
      idPrefix="referral"
      className="mt-1"
      busy={submit.isPending}
      onSend={onSend}
      labels={{
        email: (n) => t('complete.referral.emailLabel', { n }),
        remove: (n) => t('complete.referral.removeLabel', { n }),
        add: t('complete.referral.add'),
        send: t('complete.referral.submit'),
        sending: t('complete.referral.sending'),
        placeholder: t('complete.referral.placeholder'),
      }}
    />
  );
}
