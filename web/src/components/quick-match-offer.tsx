import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** offerState is the navigation state sign-up leaves for the dashboard: offer Quick Match once. */
export const offerState = { offerQuickMatch: true } as const;

/**
 * QuickMatchOffer: right after sign-up, the dashboard asks whether the new
 * account is a student's and offers Quick Match (issue 26, item 5). It
 * shows only on the navigation that sign-up made, and can be dismissed.
 */
export function QuickMatchOffer() {
  const { t, ready } = useTranslation('account', { useSuspense: false });
  const state: unknown = useLocation().state;
  const [dismissed, setDismissed] = useState(false);
  const offered = typeof state === 'object' && state !== null && 'offerQuickMatch' in state;
  if (!ready || !offered || dismissed) return null;
  return (
    <section aria-labelledby="quick-match-offer" className="mb-6 rounded-2xl border border-blue-200 bg-blue-50 p-5">
      <h2 id="quick-match-offer" className="text-lg font-bold text-ink">{t('signup.quickMatchOffer.title')}</h2>
      <p className="mt-1 text-slate-700">{t('signup.quickMatchOffer.body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/signup-stage1" className="inline-flex h-10 items-center rounded-lg bg-navy px-4 text-sm font-semibold text-white hover:bg-navy-light">
          {t('signup.quickMatchOffer.cta')}
        </Link>
        <button type="button" onClick={() => setDismissed(true)} className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-ink">
          {t('signup.quickMatchOffer.dismiss')}
        </button>
      </div>
    </section>
  );
}
