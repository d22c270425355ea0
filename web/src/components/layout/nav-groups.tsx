import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatRate } from '@/lib/money';
import type { HeaderRates } from './header-rates';

interface Destination {
  currency: 'BRL' | 'MXN';
  to: string;
  titleKey: string;
  methodKey: string;
}

const destinations: Destination[] = [
  { currency: 'BRL', to: '/get-started', titleKey: 'nav.fromBrazil', methodKey: 'nav.payWithPix' },
  { currency: 'MXN', to: '/get-started-mexico', titleKey: 'nav.fromMexico', methodKey: 'nav.payWithSpei' },
];

/**
 * RateLinks lists 'Send money from Brazil' and 'Send money from Mexico',
 * each with its pay-in method and rate (2 decimals, in the person's language: 5,42 in pt-BR).
 */
export function RateLinks({ rates, onNavigate, variant }: { rates: HeaderRates; onNavigate?: () => void; variant: 'menu' | 'mobile' }) {
  const { t } = useTranslation('layout');
  return (
    <ul className={variant === 'menu' ? 'space-y-1' : 'space-y-2'}>
      {destinations.map((d) => (
        <li key={d.to}>
          <Link
            to={d.to}
            onClick={onNavigate}
            className={
              variant === 'menu'
                ? 'flex items-center justify-between gap-4 rounded-lg px-3 py-2.5 text-ink hover:bg-slate-100 focus-visible:bg-slate-100'
                : 'flex items-center justify-between gap-4 rounded-lg bg-white/5 px-3 py-3 text-white hover:bg-white/10'
            }
          >
            <span className="flex flex-col">
              <span className="font-semibold">{t(d.titleKey)}</span>
              <span className={variant === 'menu' ? 'text-sm text-slate-600' : 'text-sm text-slate-300'}>{t(d.methodKey)}</span>
            </span>
            <span className={variant === 'menu' ? 'whitespace-nowrap text-sm font-semibold text-navy' : 'whitespace-nowrap text-sm font-semibold text-brand'}>
              {t('nav.rate', { rate: formatRate(rates[d.currency], 2), currency: d.currency })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
