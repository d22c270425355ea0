import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { linkButton } from './link-styles';

/** StartPaymentLink is the 'Start Your Payment' call to action, to /country-selection. */
export function StartPaymentLink({ className }: { className?: string }) {
  const { t } = useTranslation('info');
  return (
    <Link to="/country-selection" className={linkButton('cta', className)}>
      {t('shared.startPayment')}
    </Link>
  );
}
