import { useEffect, useId, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, NativeSelect } from '@/components/ui/input';
import { calculatorProviders, providerIds, type Country, type ProviderId } from '@/lib/comparison-data';
import { formatRate } from '@/lib/money';
import { cn } from '@/lib/cn';
import { useCalculatorRates } from '../api/calculator-rates';
import {
  calculatorReducer,
  initialCalculatorState,
  placeholders,
  rateOf,
  receiveCurrency,
  sendCurrency,
  usdAmountOf,
} from './calculator-logic';
import { rememberCarriedAmount } from '@/lib/carry';

// A native label: the page needs no label library.
const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';

const MESSAGE_MS = 3000;

/**
 * RateCalculator converts between BRL or MXN and USD at live rates and
 * compares the product with two comparison providers (spec section 4).
 */
export function RateCalculator() {
  const { t } = useTranslation('marketing');
  const id = useId();
  const [state, dispatch] = useReducer(calculatorReducer, initialCalculatorState);
  const rates = useCalculatorRates(state.reversed);

  useEffect(() => {
    if (rates.data) dispatch({ type: 'ratesLoaded', rates: rates.data });
  }, [rates.data]);

  // The worked-out amount goes on to the wizard through the country tiles.
  const usdAmount = usdAmountOf(state);
  useEffect(() => {
    if (state.interacted) rememberCarriedAmount(usdAmount);
  }, [state.interacted, usdAmount]);

  useEffect(() => {
    if (!state.message) return;
    const timer = window.setTimeout(() => dispatch({ type: 'messageCleared' }), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state.message]);

  const ph = placeholders(state);
  const sendCur = sendCurrency(state);
  const receiveCur = receiveCurrency(state);
  const provider = calculatorProviders[state.provider];
  const loading = rates.isFetching;

  const countrySelect = (selectId: string) => (
    <div className="w-28 shrink-0">
      <NativeSelect
        id={selectId}
        value={state.country}
        onChange={(e) => dispatch({ type: 'countryChanged', country: e.target.value as Country })}
        className="h-12 font-semibold"
      >
        <option value="brazil">{t('calculator.countries.brazil')}</option>
        <option value="mexico">{t('calculator.countries.mexico')}</option>
      </NativeSelect>
    </div>
  );
  const usdBadge = (
    <span className="flex h-12 w-28 shrink-0 items-center rounded-lg border border-slate-200 bg-slate-50 px-3 font-semibold text-ink">
      {t('calculator.usd')}
    </span>
  );

  return (
    <div className="rounded-2xl bg-white p-5 text-ink shadow-2xl ring-1 ring-slate-200 sm:p-6" aria-busy={loading}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-bold sm:text-lg">{t('calculator.title')}</h2>
        <button
          type="button"
          onClick={() => void rates.refetch()}
          disabled={loading}
          className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1 text-sm font-semibold text-blue-700 hover:bg-slate-100 disabled:text-slate-500"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className={cn(loading && 'animate-spin')}>
            <path d="M16 10a6 6 0 1 1-1.8-4.3M16 3.5v3.2h-3.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          {t('calculator.reload')}
        </button>
      </div>

      <div className="mt-4">
        <div className="flex items-end justify-between gap-3">
          <label htmlFor={`${id}-send`} className={labelClass}>{t('calculator.send')}</label>
          {state.reversed ? null : (
            <label htmlFor={`${id}-send-currency`} className={`${labelClass} w-28`}>
              {t('calculator.currency')}
            </label>
          )}
        </div>
        <div className="flex gap-3">
          <Input
            id={`${id}-send`}
            inputMode="decimal"
            autoComplete="off"
            value={state.send}
            placeholder={ph.send}
            onChange={(e) => dispatch({ type: 'sendChanged', text: e.target.value })}
            className="h-12 min-w-0 text-lg font-semibold"
          />
          {state.reversed ? usdBadge : countrySelect(`${id}-send-currency`)}
        </div>
      </div>

      <div className="my-3 flex justify-center">
        <button
          type="button"
          onClick={() => dispatch({ type: 'swap' })}
          aria-label={t('calculator.swap')}
          title={t('calculator.swap')}
          className="flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-navy shadow-sm hover:bg-slate-50"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
            <path d="M6 3v13M6 16l-3-3M6 16l3-3M14 17V4M14 4l-3 3M14 4l3 3" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      <div>
        <div className="flex items-end justify-between gap-3">
          <label htmlFor={`${id}-receive`} className={labelClass}>{t('calculator.receive')}</label>
          {state.reversed ? (
            <label htmlFor={`${id}-receive-currency`} className={`${labelClass} w-28`}>
              {t('calculator.currency')}
            </label>
          ) : null}
        </div>
        <div className="flex gap-3">
          <Input
            id={`${id}-receive`}
            inputMode="decimal"
            autoComplete="off"
            value={state.receive}
            placeholder={ph.receive}
            onChange={(e) => dispatch({ type: 'receiveChanged', text: e.target.value })}
            onBlur={() => dispatch({ type: 'receiveBlurred' })}
            className="h-12 min-w-0 text-lg font-semibold"
          />
          {state.reversed ? countrySelect(`${id}-receive-currency`) : usdBadge}
        </div>
      </div>

      <p role="status" aria-live="polite" className={cn('min-h-6 pt-2 text-sm font-semibold', state.message ? 'text-red-700' : 'text-slate-600')}>
        {state.message ? t(`calculator.messages.${state.message}`) : loading ? t('calculator.loading') : ''}
      </p>

      <div className="mt-1">
        <label htmlFor={`${id}-provider`} className={labelClass}>{t('calculator.provider')}</label>
        <NativeSelect
          id={`${id}-provider`}
          value={state.provider}
          disabled={state.reversed}
          onChange={(e) => dispatch({ type: 'providerChanged', provider: e.target.value as ProviderId })}
        >
          {providerIds.map((p) => (
            <option key={p} value={p}>
              {t(`providers.${p}`)}
            </option>
          ))}
        </NativeSelect>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-slate-600">{t('calculator.rate')}</dt>
          <dd className="font-semibold">{t('calculator.rateValue', { rate: formatRate(rateOf(state)), currency: state.reversed ? receiveCur : sendCur })}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('calculator.fee')}</dt>
          <dd className="font-semibold">{provider.fee}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('calculator.arrives')}</dt>
          <dd className="font-semibold">{t(`time.${provider.time}`)}</dd>
        </div>
      </dl>
    </div>
  );
}
