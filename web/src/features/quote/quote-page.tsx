import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/layout/logo';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import './strings';
import { useCreateQuote } from '@/features/payments/api/create-quote';
import { ProviderComparison, SavingsBoxes } from './components/provider-comparison';
import { QuoteResults } from './components/quote-results';
import {
  DEFAULT_AMOUNT_USD,
  canRequestQuote,
  currencyFor,
  methodFor,
  quoteAmount,
  symbolFor,
  validateQuoteInput,
  wizardPathFor,
  type PaymentMethod,
  type QuoteInputError,
  type RateCountry,
} from './quote-logic';

// A native label: the page needs no label library.
const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';

/** QuotePage is the rate page at /quote: a live quote compared with two other providers. */
export function QuotePage() {
  const { t } = useTranslation('quote');
  usePageMeta(t('meta.title'), t('meta.description'));
  const id = useId();
  const [country, setCountry] = useState<RateCountry>('BR');
  const [method, setMethod] = useState<PaymentMethod | ''>('pix');
  const [amount, setAmount] = useState(DEFAULT_AMOUNT_USD);
  const [inputError, setInputError] = useState<QuoteInputError | null>(null);
  const mutation = useCreateQuote();

  const quote = mutation.data ?? null;
  const loading = mutation.isPending;
  const currency = currencyFor(country);

  const onCountryChange = (next: RateCountry) => {
    setCountry(next);
    setMethod(methodFor(next));
    setInputError(null);
    mutation.reset();
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = validateQuoteInput(method, amount);
    setInputError(problem);
    if (problem) return;
    mutation.mutate({ symbol: symbolFor(country), amount_usd: quoteAmount(amount) });
  };

  // A changed amount makes the shown quote and any error about it stale.
  const onAmountChange = (text: string) => {
    setAmount(text);
    setInputError(null);
    mutation.reset();
  };

  const amountError = inputError && inputError !== 'noMethod' ? t(`errors.${inputError}`) : null;
  const error = inputError === 'noMethod'
    ? t('errors.noMethod')
    : mutation.isError
      ? errorMessage(mutation.error, t('errors.failed'), t)
      : null;

  return (
    <main id="main" className="min-h-screen bg-slate-50 pb-16">
      <div className="bg-navy text-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md px-2 py-1 font-semibold hover:bg-white/10">
            <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
              <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('back')}
          </Link>
          <Logo />
        </div>
      </div>

      <div className="mx-auto max-w-5xl px-4">
        <h1 className="mt-10 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{t('lead')}</p>

        <div className="mt-8 grid gap-6 lg:grid-cols-5">
          <form onSubmit={onSubmit} noValidate className="space-y-5 self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
            <div>
              <label htmlFor={`${id}-country`} className={labelClass}>{t('form.country')}</label>
              <NativeSelect id={`${id}-country`} value={country} onChange={(e) => onCountryChange(e.target.value as RateCountry)}>
                <option value="BR">{t('form.countries.BR')}</option>
                <option value="MX">{t('form.countries.MX')}</option>
              </NativeSelect>
            </div>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800">{t('form.method')}</p>
              <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-semibold text-ink">
                {method ? t(`form.methods.${method}`) : t('form.noMethod')}
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-amount`} className={labelClass}>{t('form.amount')}</label>
              <div className="relative">
                <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-slate-600">
                  $
                </span>
                <Input
                  id={`${id}-amount`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(e) => onAmountChange(e.target.value)}
                  className="pl-7 text-lg font-semibold"
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? `${id}-amount-hint ${id}-amount-error` : `${id}-amount-hint`}
                />
              </div>
              <p id={`${id}-amount-hint`} className="mt-1 text-sm text-slate-600">
                {t('form.amountHint')}
              </p>
              {amountError ? (
                <p id={`${id}-amount-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
                  {amountError}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={!canRequestQuote(amount, loading)}
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-navy px-6 font-semibold text-white hover:bg-navy-light disabled:cursor-not-allowed disabled:bg-slate-400"
            >
              {loading ? (
                <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="animate-spin">
                  <path d="M10 2a8 8 0 1 1-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              ) : null}
              {t('form.submit')}
            </button>
            {error ? (
              <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
                {error}
              </div>
            ) : null}
          </form>

          <div className="space-y-6 lg:col-span-3">
            {quote ? (
              <QuoteResults quote={quote} />
            ) : (
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6">
                <h2 className="text-lg font-bold text-ink">{t('results.title')}</h2>
                <p className="mt-2 text-slate-600">{loading ? t('results.loading') : t('results.empty')}</p>
              </div>
            )}
            {quote ? <SavingsBoxes quote={quote} /> : null}
          </div>
        </div>

        <div className="mt-10">
          <ProviderComparison currency={quote ? quote.local_currency : currency} quote={quote} />
        </div>

        <div className="mt-10 flex flex-col items-start gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700">{t('continueLead')}</p>
          <Link
            to={wizardPathFor(country, amount)}
            className="inline-flex h-12 shrink-0 items-center rounded-lg bg-brand px-6 font-semibold text-navy hover:bg-yellow-300"
          >
            {t('continue')}
          </Link>
        </div>
      </div>
    </main>
  );
}
