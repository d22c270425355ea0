import { Link } from 'react-router';
import { useCarriedAmount, withCarriedAmount } from '@/lib/carry';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { icons } from './icons';

function Flag({ country }: { country: 'br' | 'mx' }) {
  // Simplified flags drawn inline, sized so nothing shifts.
  return country === 'br' ? (
    <svg aria-hidden="true" viewBox="0 0 30 20" width="42" height="28" className="rounded-sm shadow-sm">
      <rect width="30" height="20" fill="#009c3b" />
      <path d="M15 2.5 27 10 15 17.5 3 10Z" fill="#ffdf00" />
      <circle cx="15" cy="10" r="4.2" fill="#002776" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 30 20" width="42" height="28" className="rounded-sm shadow-sm">
      <rect width="10" height="20" fill="#006847" />
      <rect x="10" width="10" height="20" fill="#fff" />
      <rect x="20" width="10" height="20" fill="#ce1126" />
      <circle cx="15" cy="10" r="2.4" fill="#8c5a2b" />
    </svg>
  );
}

/**
 * CountryTiles: Brazil to /get-started, Mexico to /get-started-mexico, and
 * an inactive 'more coming soon' tile that is not a link.
 */
export function CountryTiles({ variant }: { variant: 'tiles' | 'cards' }) {
  const { t } = useTranslation('marketing');
  const carried = useCarriedAmount();
  const big = variant === 'cards';
  const tile = cn(
    'flex h-full flex-col rounded-2xl border bg-white p-6 text-left text-ink',
    big ? 'min-h-52' : 'min-h-40',
  );
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {(
        [
          { key: 'brazil', to: '/get-started', flag: 'br' },
          { key: 'mexico', to: '/get-started-mexico', flag: 'mx' },
        ] as const
      ).map((c) => (
        <li key={c.key}>
          <Link
            to={withCarriedAmount(c.to, carried)}
            className={cn(tile, 'group border-slate-200 shadow-sm transition hover:-translate-y-0.5 hover:border-navy hover:shadow-lg')}
          >
            <Flag country={c.flag} />
            <span className="mt-4 text-xl font-bold">{t(`countries.${c.key}.title`)}</span>
            <span className="mt-1 text-slate-600">{t(`countries.${c.key}.body`)}</span>
            <span className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-blue-700 group-hover:underline">
              {t(`countries.${c.key}.cta`)}
              {icons.arrowRight}
            </span>
          </Link>
        </li>
      ))}
      <li>
        <div className={cn(tile, 'border-dashed border-slate-300 bg-slate-50 text-slate-600')}>
          <span aria-hidden="true" className="flex h-7 w-[42px] items-center justify-center rounded-sm bg-slate-200 text-slate-600">
            {icons.globe}
          </span>
          <span className="mt-4 text-xl font-bold text-slate-700">{t(big ? 'countries.more.cardTitle' : 'countries.more.tileTitle')}</span>
          <span className="mt-1">{t('countries.more.body')}</span>
        </div>
      </li>
    </ul>
  );
}
