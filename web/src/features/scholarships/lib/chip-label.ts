import type { TFunction } from 'i18next';
import type { Chip } from '../api/types';
import { formatNumber } from '@/lib/money';

/** chipLabel says in words what a chip means ("Citizens of Brazil", "Field: engineering"). */
export function chipLabel(t: TFunction<'scholarships'>, c: Chip): string {
  const word = (v: string): string => {
    if (c.facet === 'nationality' || c.facet === 'residence') return t(`countries.${v}`, { defaultValue: v });
    if (c.facet === 'us_state' || c.facet === 'gpa') return v;
    if (c.facet === 'amount_min') return formatNumber(Number(v));
    return t(`values.${v}`, { defaultValue: v.replace(/_/g, ' ') });
  };
  const value = c.value.split(',').map(word).join(', ');
  return t(`chips.${c.facet}`, { value, defaultValue: value });
}
