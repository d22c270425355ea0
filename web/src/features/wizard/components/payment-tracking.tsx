import { Button } from '@/components/ui/button';
import type { WizardController } from '../hooks/use-wizard';
import { OnHoldNotice } from '@/features/payments/progress/on-hold-notice';
import { PaymentStatusLine } from './payment-status-line';
import { TransactionProgress } from './transaction-progress';

/** PaymentTrackingView: what PaymentTracking reads of the wizard's controller. */
export type PaymentTrackingView = Pick<WizardController, 'config' | 'newQuote' | 'state' | 't'>;

/**
 * PaymentTracking is step 6's live part for both countries: what the wizard
 * is waiting for, a way out when the pay-in failed, and the three stages
 * (local payment, off-ramp, delivery).
 */
export function PaymentTracking({ w, payLabel, offrampLabel }: { w: PaymentTrackingView; payLabel: string; offrampLabel: string }) {
  const { t, state } = w;
  const check = state.form.deliveryMethod === 'check-to-school';
  return (
    <>
      <PaymentStatusLine progress={state.progress} method={w.config.method} />
      <OnHoldNotice onHold={state.lastStatus?.on_hold} className="mt-3" />
      {state.progress === 'failed' ? (
        <Button className="mt-3" onClick={w.newQuote}>
          {t('pay.failedAction')}
        </Button>
      ) : null}

      <TransactionProgress
        progress={state.progress}
        labels={[payLabel, offrampLabel, check ? t('pay.stage.check') : t('pay.stage.bank')]}
      />
    </>
  );
}
