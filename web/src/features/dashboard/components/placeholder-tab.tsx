import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

/** PlaceholderTab stands in for a tab built in another change; it pretends nothing. */
export function PlaceholderTab({ tab }: { tab: 'payment' }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <h2 className="text-xl font-bold text-ink">{t(`nav.${tab}`)}</h2>
      <p className="mt-2 text-slate-700">{t('placeholder.body')}</p>
    </Card>
  );
}

export const PaymentPlaceholder = () => <PlaceholderTab tab="payment" />;
