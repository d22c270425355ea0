import { Button } from '@/components/ui/button';
import { ReceiptLink } from '@/components/receipt-link';
import type { WizardController } from '../hooks/use-wizard';
import { PaymentSummary, type PaymentSummaryView } from './payment-summary';
import { StepActions } from './step-actions';

/** CompleteStepView: what CompleteStep reads of the wizard's controller. */
export type CompleteStepView = Pick<WizardController, 'finish' | 'goto' | 'returnHome' | 'startAnother' | 'state' | 't'> & PaymentSummaryView;

/** CompleteStep is step 8, Transfer complete (or still processing). */
export function CompleteStep({ w }: { w: CompleteStepView }) {
  const { t, state } = w;
  const done = state.progress === 'completed';
  const check = state.form.deliveryMethod === 'check-to-school';
  const next = t(check ? 'complete.nextCheck' : 'complete.nextBank', { returnObjects: true }) as unknown as string[];
  return (
    <div className="mt-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={
            done
              ? 'flex h-12 w-12 items-center justify-center rounded-full bg-green-600 text-2xl text-white'
              : 'flex h-12 w-12 animate-pulse items-center justify-center rounded-full bg-blue-600 text-2xl text-white'
          }
        >
          {done ? '✓' : '…'}
        </span>
        <p className="text-slate-800">{done ? t('complete.bodyComplete') : t('complete.bodyProcessing')}</p>
      </div>
      <PaymentSummary w={w} />
      {done && state.payment ? <div className="mt-4"><ReceiptLink transactionId={state.payment.transaction_id} /></div> : null}
      <section aria-labelledby="complete-next-heading" className="mt-6">
        <h3 id="complete-next-heading" className="text-lg font-semibold text-ink">
          {t('complete.nextHeading')}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {Array.isArray(next) ? next.map((s) => <li key={s}>{s}</li>) : null}
        </ul>
      </section>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={w.startAnother} className="w-full sm:w-auto">
          {t('complete.startAnother')}
        </Button>
        <Button
          variant="outline"
          onClick={() => w.finish(`/track?transaction_id=${encodeURIComponent(state.payment?.transaction_id ?? '')}`)}
          className="w-full sm:w-auto"
        >
          {t('complete.track')}
        </Button>
      </div>
      <StepActions>
        <Button variant="outline" onClick={w.returnHome} className="w-full sm:w-auto">
          {t('complete.home')}
        </Button>
        {done ? (
          <Button variant="secondary" onClick={() => w.goto(9)} className="w-full sm:w-auto">
            {t('complete.refer')}
          </Button>
        ) : null}
      </StepActions>
    </div>
  );
}
