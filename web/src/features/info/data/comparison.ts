// The competitor rows of the How It Works comparison, read from the one
// module that holds every competitor figure (web/src/lib/comparison-data.ts):
// the same figures the rate page uses (accounts document, section 9).
import { ratePageFigures } from '@/lib/comparison-data';

export interface Competitor {
  /** key names the i18n strings of the row (compare.<key>, <key>Fee, <key>Time). */
  key: 'transfer' | 'tuition';
  /** BRL and MXN per USD. */
  rates: { BRL: number; MXN: number };
}

export const competitors: Competitor[] = [
  { key: 'transfer', rates: ratePageFigures.transferService.rates },
  { key: 'tuition', rates: ratePageFigures.tuitionService.rates },
];
