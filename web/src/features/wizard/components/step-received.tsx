import { Button } from '@/components/ui/button';
import { mailto, site } from '@/config/site';
import type { WizardController } from '../hooks/use-wizard';
import { PaymentSummary, type PaymentSummaryView } from './payment-summary';
import { WizardReferrals, type WizardReferralsView } from './wizard-referrals';
import { StepActions } from './step-actions';

/** ReceivedStepView: what ReceivedStep reads of the wizard's controller. */
export type ReceivedStepView = Pick<WizardController, 'goto' | 'returnHome' | 'state' | 't'> & PaymentSummaryView & WizardReferralsView;

/** ReceivedStep is step 7, Payment received. */
export function ReceivedStep({ w }: { w: ReceivedStepView }) {
  const { t, state } = w;
  const done = state.progress === 'completed';
  const check = state.form.deliveryMethod === 'check-to-school';
  // What step 7 says follows the payment's real state: once delivered, the next steps are the payer's own.
  const nextKey = done ? (check ? 'complete.nextCheck' : 'complete.nextBank') : check ? 'received.nextCheck' : 'received.nextBank';
  const next = t(nextKey, { returnObjects: true }) as unknown as string[];
  return (
    <div className="mt-4">
      <p
        className={
          done
            ? 'rounded-lg border border-green-300 bg-green-50 p-3 text-green-900'
            : 'rounded-lg border border-blue-200 bg-blue-50 p-3 text-blue-950'
        }
      >
        {done ? t('received.complete') : t('received.processing')}
      </p>
      <PaymentSummary w={w} />
      <section aria-labelledby="next-heading" className="mt-6">
        <h3 id="next-heading" className="text-lg font-semibold text-ink">
          {t('received.nextHeading')}
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
          {Array.isArray(next) ? next.map((s) => <li key={s}>{s}</li>) : null}
        </ol>
      </section>
      <WizardReferrals w={w} idPrefix="referral-received" />
      <p className="mt-6">
        <a href={mailto(site.supportEmail)} className="font-semibold text-blue-800 underline">
          {t('received.support')}
        </a>
      </p>
      <StepActions>
        <Button variant="outline" onClick={w.returnHome} className="w-full sm:w-auto">
          {t('received.home')}
        </Button>
        <Button onClick={() => w.goto(8)} className="w-full sm:w-auto">
          {t('received.continue')}
        </Button>
      </StepActions>
    </div>
  );
}
