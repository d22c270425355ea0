import { useTranslation } from 'react-i18next';
import type { Me } from '@/lib/session';
import { kycBadge } from '../lib/kyc';

/** UserCard shows the signed-in account: name, e-mail and KYC status. */
export function UserCard({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard');
  const name = [me.first_name, me.last_name].filter(Boolean).join(' ');
  const kyc = kycBadge(me.kyc_status);
  return (
    <section aria-label={t('userCard.label')} className="rounded-xl bg-slate-50 p-4">
      <p className="truncate font-semibold text-ink">{name || t('userCard.noName')}</p>
      <p className="truncate text-sm text-slate-700">{me.email}</p>
      <p className="mt-2 text-sm text-slate-700">
        {t('kyc.label')}:{' '}
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${kyc.className}`}>{t(kyc.labelKey)}</span>
      </p>
    </section>
  );
}
