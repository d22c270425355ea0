// The partner's terms before identity (issue 28): BlindPay registers a
// payer only after they accepted its terms on its own page. The page opens
// in a new tab; this box waits for BlindPay to confirm the acceptance (its
// webhook, polled here) and then lets the payer continue.
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { serverText } from '@/lib/api-client';
import { getPartnerTerms, partnerTermsKey, startPartnerTerms, type PartnerTerms } from '../api/partner-terms';

/** usePartnerTerms tells whether the payer must still accept the partner's terms (false while unknown or not asked for). */
export function usePartnerTerms(): { data?: PartnerTerms; pending: boolean; waiting: boolean; setWaiting: (w: boolean) => void } {
  const [waiting, setWaiting] = useState(false);
  const q = useQuery({
    queryKey: partnerTermsKey,
    queryFn: getPartnerTerms,
    refetchInterval: (query) => (waiting && !query.state.data?.accepted ? 1500 : false),
  });
  return { data: q.data, pending: Boolean(q.data?.required && !q.data.accepted), waiting, setWaiting };
}

/** PartnerTermsBox asks the payer to accept the partner's terms; it renders nothing when the partner asks for none. */
export function PartnerTermsBox({ terms }: { terms: ReturnType<typeof usePartnerTerms> }) {
  const { t } = useTranslation('wizard');
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const data = terms.data;
  const confirmed = useRef<HTMLParagraphElement>(null);
  const accepted = Boolean(data?.required && data.accepted);
  // The button the payer used goes with the box once the partner confirmed:
  // a keyboard user's focus would fall back to the top of the page, so it
  // moves to the confirmation, from which Tab reaches Continue.
  useEffect(() => {
    if (accepted && terms.waiting && (document.activeElement === null || document.activeElement === document.body)) confirmed.current?.focus();
  }, [accepted, terms.waiting]);
  if (!data?.required) return null;
  if (data.accepted) {
    return (
      <p ref={confirmed} tabIndex={-1} role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
        {t('partnerTerms.accepted')}
      </p>
    );
  }
  const open = async () => {
    setError(null);
    // Opened at once (in the click), so that no pop-up blocker stops it;
    // the partner's address follows.
    const tab = window.open('', '_blank');
    try {
      const started = await startPartnerTerms('/partner-terms-done');
      if (!started.url) throw new Error('no url');
      if (tab) tab.location.href = started.url;
      else window.location.assign(started.url);
      terms.setWaiting(true);
      void client.invalidateQueries({ queryKey: partnerTermsKey });
    } catch (err) {
      tab?.close();
      setError(serverText(err, t('partnerTerms.failed'), t));
    }
  };
  return (
    <section aria-labelledby="partner-terms-heading" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id="partner-terms-heading" className="text-base font-semibold">
        {t('partnerTerms.heading')}
      </h3>
      <p className="mt-1">{t('partnerTerms.body')}</p>
      {terms.waiting ? (
        <p role="status" className="mt-2 font-semibold">
          {t('partnerTerms.waiting')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="button" variant="outline" className="mt-3" onClick={() => void open()}>
        {terms.waiting ? t('partnerTerms.openAgain') : t('partnerTerms.open')}
      </Button>
    </section>
  );
}
