import type { WizardController } from '../hooks/use-wizard';
import { WizardReferrals, type WizardReferralsView } from './wizard-referrals';
import { MailIcon } from '@/features/payments/components/icons';

/** UpdatesStepView: what UpdatesStep reads of the wizard's controller. */
export type UpdatesStepView = Pick<WizardController, 'goto' | 'state' | 't'> & WizardReferralsView;

/** UpdatesStep is step 9: where updates go, what they are, and referrals. */
export function UpdatesStep({ w }: { w: UpdatesStepView }) {
  const { t, state } = w;
  const check = state.form.deliveryMethod === 'check-to-school';
  const notifications = [
    t('updates.notifications.received'),
    t('updates.notifications.converted'),
    check ? t('updates.notifications.deliveredCheck') : t('updates.notifications.deliveredBank'),
    t('updates.notifications.rewards'),
  ];
  return (
    <div className="mt-4">
      <p className="text-slate-800">{t('updates.emailIntro', { email: state.form.email.trim() })}</p>
      <ul className="mt-3 space-y-2">
        {notifications.map((n) => (
          <li key={n} className="flex items-center gap-2 text-slate-800">
<MailIcon className="shrink-0 text-green-700" />
            {n}
          </li>
        ))}
      </ul>
      <WizardReferrals w={w} idPrefix="referral-updates" onDone={() => w.goto(8)} />
    </div>
  );
}
