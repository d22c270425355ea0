import type { TFunction } from 'i18next';
import { formatRate } from '@/lib/money';
import type { Quote } from '../api/create-quote';
import { showMoney } from '../lib/format';
import type { LocalCurrency } from '../lib/country';
import type { SummaryRow } from './summary-list';

/**
 * quoteRows are a locked quote's rate summary rows on the authorization
 * screens (wizard step 5 and the dashboard): both legs' rates, the
 * effective rate, the USD amount and the fees.
 */
export function quoteRows(t: TFunction<'wizard'>, q: Quote, currency: LocalCurrency, rateDecimals: number): SummaryRow[] {
  return [
    { label: t('authorization.localPerUsdc', { currency }), value: formatRate(q.on_ramp.quotation) },
    { label: t('authorization.usdPerUsdc'), value: formatRate(q.off_ramp.quotation) },
    {
      label: t('authorization.effectiveRate'),
      value: t('authorization.effectiveRateValue', { rate: formatRate(q.effective_rate, rateDecimals), currency }),
    },
    { label: t('authorization.usdAmount'), value: showMoney(q.amount_usd, 'USD') },
    { label: t('authorization.totalFees'), hint: t('authorization.totalFeesHint'), value: showMoney(q.total_fees_usd, 'USD') },
  ];
}
