import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { textLink } from './link-styles';

const links = [
  ['/how-it-works', 'howItWorks'],
  ['/how-it-works/guide', 'guide'],
  ['/payment-status-updates', 'statusUpdates'],
  ['/check-payment-status', 'checkStatus'],
  ['/track', 'track'],
  ['/compliance', 'compliance'],
] as const;

/** RelatedLinks points to the other information pages (not the current one). */
export function RelatedLinks({ narrow = false }: { narrow?: boolean }) {
  const { t } = useTranslation('info');
  const { pathname } = useLocation();
  return (
    <nav aria-labelledby="related-heading" className="border-t border-slate-200 px-4 py-10">
      <div className={cn('mx-auto', narrow ? 'max-w-3xl' : 'max-w-5xl')}>
        <h2 id="related-heading" className="text-lg font-semibold text-ink">
          {t('shared.relatedPages')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {links
            .filter(([to]) => to !== pathname)
            .map(([to, key]) => (
              <li key={to}>
                <Link to={to} className={textLink}>
                  {t(`shared.links.${key}`)}
                </Link>
              </li>
            ))}
        </ul>
      </div>
    </nav>
  );
}
