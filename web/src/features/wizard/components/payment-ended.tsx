import { Button } from '@/components/ui/button';
import { mailto, site } from '@/config/site';
import type { WizardController } from '../hooks/use-wizard';
import { TransactionId, type TransactionIdView } from './transaction-id';
import { TransactionProgress } from './transaction-progress';

/** PaymentEndedView: what PaymentEnded reads of the wizard's controller. */
export type PaymentEndedView = Pick<WizardController, 'newQuote' | 'state' | 't'> & TransactionIdView;

/**
 * PaymentEnded replaces step 6's instructions once the pay-in failed: no
 * code to pay, no timer, the rows marked, and what the payer can do
 * (a new quote with the same details, or support with the transaction id).
 */
export function PaymentEnded({ w, labels }: { w: PaymentEndedView; labels: [string, string, string] }) {
  const { t, state } = w;
  const id = state.payment?.transaction_id ?? '';
  return (
    <div className="mt-4">
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{t('pay.statusFailed')}</p>
        <p className="mt-1">{t('pay.ended.body')}</p>
      </div>
      <p className="mt-4 text-sm text-slate-700">{t('summary.transactionId')}</p>
      <TransactionId w={w} id={id} />
      <TransactionProgress progress={state.progress} labels={labels} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={w.newQuote} className="w-full sm:w-auto">
          {t('pay.failedAction')}
        </Button>
        <a
          href={mailto(site.supportEmail, t('pay.ended.subject', { id }))}
          className="inline-flex h-11 w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-ink hover:bg-slate-50 sm:w-auto"
        >
          {t('pay.ended.support')}
        </a>
      </div>
    </div>
  );
}
