import { Button } from '@/components/ui/button';
import { SpeiInstructions } from '@/features/payments/components/spei-instructions';
import { showMoney } from '@/features/payments/lib/format';
import type { WizardController } from '../hooks/use-wizard';
import { PayInSummary, type PayInSummaryView } from './pay-in-summary';
import { PaymentEnded, type PaymentEndedView } from './payment-ended';
import { PaymentTracking, type PaymentTrackingView } from './payment-tracking';
import { SandboxPanel } from '@/features/payments/components/sandbox-panel';
import { StepActions } from './step-actions';

/** SpeiStepView: what SpeiStep reads of the wizard's controller. */
export type SpeiStepView = Pick<WizardController, 'back' | 'copy' | 'serverConfig' | 'simulate' | 'state' | 't'> & PayInSummaryView & PaymentEndedView & PaymentTrackingView;

/** SpeiStep is step 6 in Mexico: the SPEI deposit instructions, status and progress. */
export function SpeiStep({ w }: { w: SpeiStepView }) {
  const { t, state } = w;
  const p = state.payment;
  if (!p) return null;
  const check = state.form.deliveryMethod === 'check-to-school';
  const amount = showMoney(p.amount_local, 'MXN');
  const clabe = p.clabe || p.deposit_address;
  const copyText = t('pay.spei.copyText', { amount, clabe, bank: p.bank_name, beneficiary: p.beneficiary_name });
  const steps = t('pay.spei.how', { returnObjects: true }) as unknown as string[];

  if (state.progress === 'failed') {
    return <PaymentEnded w={w} labels={[t('pay.stage.spei'), t('pay.stage.offrampSpei'), check ? t('pay.stage.check') : t('pay.stage.bank')]} />;
  }

  return (
    <div className="mt-4">
      <PayInSummary w={w} currency="MXN" amount={amount} />

      <SpeiInstructions
        t={t}
        amount={amount}
        clabe={clabe}
        bankName={p.bank_name}
        beneficiary={p.beneficiary_name}
        onCopy={() => void w.copy(copyText, t('toasts.speiCopied'), t('toasts.speiCopiedBody'))}
      />

      <PaymentTracking w={w} payLabel={t('pay.stage.spei')} offrampLabel={t('pay.stage.offrampSpei')} />

      <section aria-labelledby="spei-how-heading" className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 id="spei-how-heading" className="text-lg font-semibold text-ink">
          {t('pay.spei.howHeading')}
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
          {Array.isArray(steps) ? steps.map((s) => <li key={s}>{s}</li>) : null}
        </ol>
      </section>

      {w.serverConfig?.sandbox ? <SandboxPanel onSimulate={w.simulate} /> : null}

      <StepActions>
        <Button variant="outline" onClick={w.back} className="w-full sm:w-auto">
          {t('pay.spei.back')}
        </Button>
      </StepActions>
    </div>
  );
}
