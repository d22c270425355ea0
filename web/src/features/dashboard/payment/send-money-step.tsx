import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { formatAmount, formatMoney, formatRate } from '@/lib/money';
import { fetchIndicativeRate } from '@/features/payments/api/indicative-rate';
import type { Country } from '@/features/payments/lib/country';
import { amountProblem, canContinueSendMoney, countryConfig, estimate, type SendMoney } from './payment-logic';

interface SendMoneyStepProps {
  value: SendMoney;
  onChange: (v: SendMoney) => void;
  onContinue: () => void;
  problem: string | null;
  setProblem: (p: string | null) => void;
}

/** SendMoneyStep is step 1, 'Send Money': amount, destination and recipient, with a live estimate. */
export function SendMoneyStep({ value, onChange, onContinue, problem, setProblem }: SendMoneyStepProps) {
  const { t } = useTranslation('dashboard');
  const cfg = countryConfig(value.country);
  const rate = useQuery({
    queryKey: ['indicative-rate', cfg.symbol],
    queryFn: async () => (await fetchIndicativeRate(cfg.symbol, 'on_ramp')) ?? null,
    staleTime: 30_000,
    refetchInterval: 60_000,
    enabled: value.amount.trim() !== '',
  });
  const est = estimate(value.amount, rate.data ?? undefined);

  const submit = () => {
    const p = amountProblem(value.amount, value.country);
    if (p === 'invalid') return setProblem(t('payment.send.invalidAmount'));
    if (p === 'minimum') return setProblem(t('payment.send.minimum', { amount: formatAmount(cfg.minimumUSD ?? 0, 'USD') }));
    setProblem(null);
    onContinue();
  };

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        id="pay-amount"
        label={t('payment.send.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={value.amount}
        invalid={problem !== null}
        error={problem}
        onChange={(e) => onChange({ ...value, amount: e.target.value })}
      />
      <div>
        <Label htmlFor="pay-country">{t('payment.send.country')}</Label>
        <NativeSelect id="pay-country" value={value.country} onChange={(e) => onChange({ ...value, country: e.target.value as Country })}>
          <option value="brazil">{t('payment.send.countryOption.brazil')}</option>
          <option value="mexico">{t('payment.send.countryOption.mexico')}</option>
        </NativeSelect>
      </div>
      <TextField
        id="pay-recipient"
        label={t('payment.send.recipient')}
        placeholder={t('payment.send.recipientPlaceholder')}
        autoComplete="organization"
        maxLength={200}
        value={value.recipient}
        onChange={(e) => onChange({ ...value, recipient: e.target.value })}
      />

      {value.amount.trim() !== '' ? (
        <section aria-live="polite" className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="pay-estimate">
          {est ? (
            <dl className="grid gap-2 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-slate-700">{t('payment.send.youSend')}</dt>
                <dd className="text-lg font-semibold text-ink">{formatMoney(est.local, cfg.currency)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-700">{t('payment.send.recipientGets')}</dt>
                <dd className="text-lg font-semibold text-ink">{formatMoney(est.usd, 'USD')}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-700">{t('payment.send.rate')}</dt>
                <dd className="text-lg font-semibold text-ink">{t('payment.send.rateValue', { rate: formatRate(est.rate), currency: cfg.currency })}</dd>
              </div>
            </dl>
          ) : (
            <p className="text-sm text-slate-700">{rate.isFetching ? t('payment.send.rateLoading') : rate.data === null ? t('payment.send.rateUnavailable') : null}</p>
          )}
          {est ? <p className="mt-2 text-xs text-slate-600">{t('payment.send.estimateNote')}</p> : null}
        </section>
      ) : null}

      <div className="flex justify-end">
        <Button type="submit" disabled={!canContinueSendMoney(value)} className="w-full sm:w-auto">
          {t('payment.send.continue')}
        </Button>
      </div>
    </form>
  );
}
