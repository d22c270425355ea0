import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { mailto, site } from '@/config/site';
import { createQuote } from '@/features/payments/api/create-quote';
import { formatMoney } from '@/lib/money';

/** EXAMPLE_USD is the payment the fee answer prices live (Brazil, Pix). */
export const EXAMPLE_USD = 1000;

/**
 * useFeeExample prices a US$1,000 Brazil payment now, so the FAQ's fee answer
 * is the product's real fee, never a fixed figure that could contradict a
 * quote. No answer (the partner is down) leaves the general answer alone.
 */
function useFeeExample() {
  return useQuery({
    queryKey: ['dashboard', 'fee-example'],
    queryFn: () => createQuote({ symbol: 'USDC/BRL', amount_usd: EXAMPLE_USD }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const buttonClass = 'inline-flex h-11 items-center justify-center rounded-lg px-5 font-semibold';

/** SupportTab is the dashboard's Customer Support: a message to the team (messageForm, composed by the app), live chat (booking), e-mail, and answers that match the product. */
export function SupportTab({ messageForm }: { messageForm?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const fee = useFeeExample();
  const faqs: Array<{ key: string; answer: string }> = [
    { key: 'time', answer: t('support.faq.time.answer') },
    {
      key: 'fees',
      answer: fee.data
        ? `${t('support.faq.fees.answer')} ${t('support.faq.fees.example', {
            amount: formatMoney(EXAMPLE_USD, 'USD'),
            fees: formatMoney(fee.data.total_fees_usd, 'USD'),
            total: formatMoney(fee.data.total_local_amount, 'BRL'),
          })}`
        : t('support.faq.fees.answer'),
    },
    { key: 'safety', answer: t('support.faq.safety.answer') },
    { key: 'follow', answer: t('support.faq.follow.answer') },
  ];
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-xl font-bold text-ink">{t('support.title')}</h2>
        <p className="mt-2 text-slate-700">{t('support.lead')}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer" className={`${buttonClass} bg-brand text-navy hover:bg-yellow-300`}>
            {t('support.liveChat')}
            <span className="sr-only"> {t('support.newTab')}</span>
          </a>
          <a href={mailto(site.supportEmail, t('support.mailSubject'))} className={`${buttonClass} border border-slate-300 text-ink hover:bg-slate-50`}>
            {t('support.email')}
          </a>
        </div>
        <p className="mt-4 text-sm text-slate-600">{t('support.contact', { email: site.supportEmail, phone: site.phones[0] })}</p>
      </Card>
      {messageForm ? (
        <Card>
          <h2 className="mb-4 text-xl font-bold text-ink">{t('support.writeTitle')}</h2>
          {messageForm}
        </Card>
      ) : null}
      <Card>
        <h2 className="text-xl font-bold text-ink">{t('support.faqTitle')}</h2>
        <dl className="mt-4 divide-y divide-slate-100">
          {faqs.map((f) => (
            <div key={f.key} className="py-4">
              <dt className="font-semibold text-ink">{t(`support.faq.${f.key}.question`)}</dt>
              <dd className="mt-1 text-slate-700" data-testid={`faq-${f.key}`}>
                {f.answer}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
