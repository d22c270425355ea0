import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { formatAmount } from '@/lib/money';
import type { WizardController } from '../hooks/use-wizard';
import { TextField } from './form-field';
import { Spinner } from '@/features/payments/components/spinner';
import { StepActions } from './step-actions';

/** AmountStepView: what AmountStep reads of the wizard's controller. */
export type AmountStepView = Pick<WizardController, 'back' | 'config' | 'fieldErrors' | 'getQuote' | 'quoteBusy' | 'setAmount' | 'state' | 't'>;

/** AmountStep is step 4: how much, in which currency, paid by PIX or SPEI, and the locked quote. */
export function AmountStep({ w }: { w: AmountStepView }) {
  const { t, state, config } = w;
  const currency = config.currency;
  const local = state.amountCurrency === 'local';
  const typed = local ? state.localAmount : state.form.amountUSD;
  const check = state.form.deliveryMethod === 'check-to-school';
  const minimumHint = config.minimumUSD !== null ? t('amount.minimumHint', { amount: formatAmount(config.minimumUSD, 'USD') }) : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim() === '' || w.quoteBusy) return;
    void w.getQuote();
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4">
      <fieldset>
        <legend className="font-semibold text-ink">{t('amount.currencyLegend')}</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {(['USD', 'local'] as const).map((c) => {
            const id = `amount-currency-${c === 'USD' ? 'usd' : 'local'}`;
            return (
              <div
                key={c}
                className="relative flex items-start gap-3 rounded-xl border-2 p-4 has-[:checked]:border-navy has-[:checked]:bg-blue-50/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600"
              >
                <input
                  id={id}
                  type="radio"
                  name="amountCurrency"
                  value={c}
                  checked={state.amountCurrency === c}
                  onChange={() => w.setAmount({ amountCurrency: c })}
                  aria-describedby={`${id}-desc`}
                  className="relative z-10 mt-1 h-5 w-5 shrink-0 accent-[#0b1f3a]"
                />
                <div>
                  <label htmlFor={id} className="font-semibold text-ink after:absolute after:inset-0 after:cursor-pointer">
                    {c === 'USD' ? t('amount.usdOption') : t('amount.localOption', { currency })}
                  </label>
                  <p id={`${id}-desc`} className="mt-1 text-sm text-slate-700">
                    {c === 'USD' ? t('amount.usdOptionHint') : t('amount.localOptionHint', { currency })}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {local ? (
          <>
            <TextField
              id="amountLocal"
              label={t('amount.localLabel', { currency })}
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatAmount(5000, currency)}
              value={state.localAmount}
              error={w.fieldErrors.amountUSD}
              onChange={(e) => w.setAmount({ localAmount: e.target.value, amountUSD: '' })}
            />
            <TextField
              id="amountUSD"
              label={t('amount.usdConverted')}
              hint={t('amount.usdConvertedHint', { currency })}
              readOnly
              value={state.form.amountUSD}
              className="[&_input]:bg-slate-100"
            />
          </>
        ) : (
          <TextField
            id="amountUSD"
            label={t('amount.usdLabel')}
            hint={minimumHint}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('amount.usdPlaceholder')}
            value={state.form.amountUSD}
            error={w.fieldErrors.amountUSD}
            onChange={(e) => w.setAmount({ amountUSD: e.target.value })}
          />
        )}
      </div>

      <fieldset className="mt-6">
        <legend className="font-semibold text-ink">{t('amount.methodLegend')}</legend>
        <div className="mt-3 flex items-start gap-3 rounded-xl border-2 border-navy bg-blue-50/50 p-4">
          <input
            id="payment-method"
            type="radio"
            name="paymentMethod"
            value={config.method}
            checked
            readOnly
            aria-describedby="payment-method-desc"
            className="relative z-10 mt-1 h-5 w-5 shrink-0 accent-[#0b1f3a]"
          />
          <div>
            <label htmlFor="payment-method" className="font-semibold text-ink">
              {t(`amount.method.${config.method}`)}
            </label>
            <p id="payment-method-desc" className="mt-1 text-sm text-slate-700">
              {t(`amount.methodHint.${config.method}`)}
            </p>
          </div>
        </div>
      </fieldset>

      <section aria-labelledby="review-heading" className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 id="review-heading" className="font-semibold text-ink">
          {t('amount.reviewHeading')}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          <li>{t(`amount.review.${config.method}`)}</li>
          <li>{check ? t('amount.review.check') : t('amount.review.bank')}</li>
          <li>{t('amount.review.locked')}</li>
        </ul>
      </section>

      {state.kycStatus === 'under_review' ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t('amount.kycReview')}</p>
      ) : null}

      <StepActions>
        <Button variant="outline" onClick={w.back} className="w-full sm:w-auto">
          {check ? t('amount.backCheck') : t('amount.backBank')}
        </Button>
        <Button type="submit" variant="secondary" disabled={typed.trim() === '' || w.quoteBusy} className="w-full sm:w-auto">
          {w.quoteBusy ? <Spinner className="h-4 w-4" /> : null}
          {w.quoteBusy ? t('amount.generating') : t('amount.getQuote')}
        </Button>
      </StepActions>
    </form>
  );
}
