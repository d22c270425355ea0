import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { readAmount } from '@/lib/amount';
import { formatAmount, type CurrencyCode } from '@/lib/money';
import { createQuote, type Quote } from '@/features/payments/api/create-quote';
import './strings';
import { ProviderComparison, SavingsBoxes } from './components/provider-comparison';
import { QuoteResults } from './components/quote-results';
import { currencyFor, symbolFor, type RateCountry } from './quote-logic';

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';

/** PROBE_USD is the quote whose rate converts a local-currency amount to USD (as the wizards do). */
const PROBE_USD = 100;

interface Request {
  country: RateCountry;
  currency: CurrencyCode;
  value: number;
}

/**
 * quoteFor locks a quote for the amount: a USD amount directly; a BRL or MXN
 * amount through the live rate of a 100 USD quote (USD = local / rate, to the
 * cent), so it is never converted at a fixed sample rate. The partner's fees
 * have a flat part (BlindPay's), so that rate prices a large amount a little
 * high: when the quote misses what was typed by more than half a percent, the
 * two quotes give the price as a line (local = a·USD + b) and a third quote is
 * locked for the USD amount that line says costs what was typed.
 */
export async function quoteFor({ country, currency, value }: Request): Promise<Quote> {
  const symbol = symbolFor(country);
  if (currency === 'USD') return createQuote({ symbol, amount_usd: value });
  const probe = await createQuote({ symbol, amount_usd: PROBE_USD });
  const rate = probe.total_local_amount / PROBE_USD;
  const first = await createQuote({ symbol, amount_usd: cents(value / rate) });
  if (Math.abs(first.total_local_amount - value) <= value * 0.005 || first.amount_usd === PROBE_USD) return first;
  const a = (first.total_local_amount - probe.total_local_amount) / (first.amount_usd - PROBE_USD);
  const b = probe.total_local_amount - a * PROBE_USD;
  const usd = cents((value - b) / a);
  if (!(a > 0) || !(usd > 0)) return first;
  return createQuote({ symbol, amount_usd: usd });
}

/** cents rounds a USD amount to the cent. */
function cents(usd: number): number {
  return Math.round(usd * 100) / 100;
}

/** reformat writes an amount typed in one currency's format in another's, keeping its value. */
export function reformat(text: string, from: CurrencyCode, to: CurrencyCode): string {
  const r = readAmount(text, from);
  return r.ok ? formatAmount(r.value, to) : text;
}

/** FxQuotesTab is the dashboard's Live FX Quotes: a live quote to US dollars, from USD or the local currency. */
export function FxQuotesTab() {
  const { t } = useTranslation('quote');
  const id = useId();
  const [country, setCountry] = useState<RateCountry>('BR');
  const [currency, setCurrency] = useState<CurrencyCode>('USD');
  const [amount, setAmount] = useState('');
  const mutation = useMutation({ mutationFn: quoteFor });
  const local = currencyFor(country);
  const reading = readAmount(amount, currency);
  const loading = mutation.isPending;
  const quote = mutation.data ?? null;

  const onCountryChange = (next: RateCountry) => {
    const nextLocal = currencyFor(next);
    setAmount(reformat(amount, currency, nextLocal));
    setCountry(next);
    setCurrency(nextLocal);
    mutation.reset();
  };
  const onCurrencyChange = (next: CurrencyCode) => {
    setAmount(reformat(amount, currency, next));
    setCurrency(next);
    mutation.reset();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (reading.ok) mutation.mutate({ country, currency, value: reading.value });
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-xl font-bold text-ink">{t('fxTab.title')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-country`} className={labelClass}>{t('fxTab.country')}</label>
            <NativeSelect id={`${id}-country`} value={country} onChange={(e) => onCountryChange(e.target.value as RateCountry)}>
              <option value="BR">{t('fxTab.countries.BR')}</option>
              <option value="MX">{t('fxTab.countries.MX')}</option>
            </NativeSelect>
          </div>
          <div>
            <label htmlFor={`${id}-currency`} className={labelClass}>{t('fxTab.currency')}</label>
            <NativeSelect id={`${id}-currency`} value={currency} onChange={(e) => onCurrencyChange(e.target.value as CurrencyCode)}>
              <option value="USD">USD</option>
              <option value={local}>{local}</option>
            </NativeSelect>
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>{t('fxTab.amount')}</label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            placeholder={formatAmount(currency === 'USD' ? 1000 : 5000, currency)}
            onChange={(e) => {
              setAmount(e.target.value);
              mutation.reset();
            }}
            onBlur={() => reading.ok && setAmount(formatAmount(reading.value, currency))}
            aria-invalid={!reading.ok && reading.reason === 'unreadable' ? true : undefined}
            aria-describedby={`${id}-amount-hint`}
            className="text-lg font-semibold"
          />
          <p id={`${id}-amount-hint`} className="mt-1 text-sm text-slate-600">
            {currency === 'USD' ? t('fxTab.hintUsd') : t('fxTab.hintLocal', { currency })}
            {!reading.ok && reading.reason === 'unreadable' ? ` ${t('fxTab.unreadable', { currency })}` : ''}
          </p>
        </div>
        <button
          type="submit"
          disabled={loading || !reading.ok}
          className="inline-flex h-12 w-full items-center justify-center rounded-lg bg-navy px-6 font-semibold text-white hover:bg-navy-light disabled:cursor-not-allowed disabled:bg-slate-400 sm:w-auto"
        >
          {loading ? t('fxTab.loading') : t('form.submit')}
        </button>
        {mutation.isError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
            {errorMessage(mutation.error, t('errors.failed'), t)}
          </div>
        ) : null}
      </form>
      {quote ? <QuoteResults quote={quote} /> : null}
      {quote ? <SavingsBoxes quote={quote} /> : null}
      <ProviderComparison currency={quote ? quote.local_currency : local} quote={quote} />
      <p className="rounded-2xl bg-navy p-5 font-semibold text-white">{t('fxTab.claim')}</p>
    </div>
  );
}
