import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '@/config/site';
import { cn } from '@/lib/cn';

/** BookingLink opens the external booking calendar in a new tab. */
export function BookingLink({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('marketing');
  return (
    <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer" className={cn(className)}>
      {children}
      <span className="sr-only"> {t('opensInNewTab')}</span>
    </a>
  );
}
