import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { textLink } from './components/link-styles';

/**
 * PartnerTermsDonePage is where the payment partner's terms page sends the
 * payer back (a tab of its own): the payment goes on in the tab it was
 * opened from, which notices the acceptance by itself.
 */
export function PartnerTermsDonePage() {
  const { t } = useTranslation('info');
  usePageMeta(t('partnerTermsDone.metaTitle'), t('partnerTermsDone.body'));
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <Card className="p-6">
        <h1 className="text-2xl font-bold text-ink">{t('partnerTermsDone.heading')}</h1>
        <p className="mt-3 text-slate-700">{t('partnerTermsDone.body')}</p>
        <p className="mt-4">
          <Link to="/" className={textLink}>
            {t('partnerTermsDone.home')}
          </Link>
        </p>
      </Card>
    </main>
  );
}
