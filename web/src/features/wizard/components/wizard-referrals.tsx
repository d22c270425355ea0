import { ReferralForm } from '@/features/payments/components/referral-form';
import type { WizardController } from '../hooks/use-wizard';

/** WizardReferralsView: what WizardReferrals reads of the wizard's controller. */
export type WizardReferralsView = Pick<WizardController, 'referralBusy' | 'sendReferrals' | 't'>;

/** WizardReferrals is the referral form of steps 7 and 9 (9 adds 'Skip Referrals' and moves on after sending). */
export function WizardReferrals({ w, idPrefix, onDone }: { w: WizardReferralsView; idPrefix: string; onDone?: () => void }) {
  const { t } = w;
  return (
    <ReferralForm
      idPrefix={idPrefix}
      className="mt-8 rounded-xl border border-brand bg-yellow-50 p-4"
      header={
        <>
          <h3 id={`${idPrefix}-heading`} className="text-lg font-bold text-ink">
            {t('referrals.heading')}
          </h3>
          <p className="mt-1 text-slate-800">{t('referrals.body')}</p>
        </>
      }
      busy={w.referralBusy}
      onSend={async (rows) => {
        const problem = await w.sendReferrals(rows);
        if (problem === null) onDone?.();
        return problem;
      }}
      onSkip={onDone}
      labels={{
        email: (n) => t('referrals.emailLabel', { n }),
        remove: (n) => t('referrals.remove', { n }),
        add: t('referrals.add'),
        send: onDone ? t('referrals.sendContinue') : t('referrals.send'),
        sending: t('referrals.sending'),
        skip: onDone ? t('referrals.skip') : undefined,
      }}
    />
  );
}
