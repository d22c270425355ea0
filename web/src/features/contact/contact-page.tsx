import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { MessageForm } from './components/message-form';

/** ContactPage is /contact: a message to support, answered by e-mail (signed-in people also have the dashboard's Support tab). */
export function ContactPage() {
  const { t } = useTranslation('contact');
  usePageMeta(t('documentTitle'), t('description'));
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">{t('title')}</h1>
      <p className="mb-6 mt-2 text-slate-700">{t('lead')}</p>
      <Card>
        <MessageForm signedIn={false} idPrefix="contact" />
      </Card>
    </main>
  );
}
