import { formatRate } from '@/lib/money';
import { showMoney } from '@/features/payments/lib/format';
import { formatCountdown } from '@/features/payments/lib/timer';
import { QuoteTimer } from '@/features/payments/components/quote-timer';
import { SummaryList } from '@/features/payments/components/summary-list';
import type { WizardController } from '../hooks/use-wizard';

/** PayInSummaryView: what PayInSummary reads of the wizard's controller. */
export type PayInSummaryView = Pick<WizardController, 'state' | 't' | 'timer'>;

/**
 * PayInSummary opens step 6 in both countries: the quote's countdown, what
 * the payer sends at which rate (and for whom, with a check), and the
 * payment window notice.
 */
export function PayInSummary({ w, currency, amount }: { w: PayInSummaryView; currency: 'BRL' | 'MXN'; amount: string }) {
  const { t, state } = w;
  const p = state.payment;
  if (!p) return null;
  const check = state.form.deliveryMethod === 'check-to-school';
  return (
    <>
      <QuoteTimer text={t('pay.timer', { time: formatCountdown(w.timer.seconds) })} warning={w.timer.warning} />

      <SummaryList
        className="mt-6"
        rows={[
          { label: t('pay.amountLocal'), value: amount, strong: true },
          { label: t('pay.usdAmount'), value: showMoney(p.amount_usd, 'USD') },
          { label: t('pay.rate'), value: t('pay.rateValue', { rate: formatRate(p.effective_rate), currency }) },
          check && { label: t('pay.student'), value: state.form.studentFullName.trim() },
        ]}
      />

      <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t('pay.windowNotice')}</p>
    </>
  );
}
