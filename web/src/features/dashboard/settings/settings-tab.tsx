import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useMe } from '@/lib/session';
import { kycBadge } from '../lib/kyc';
import { ActivityCard } from './activity-card';
import { BankAccountsCard } from './bank-accounts-card';
import { DataCard } from './data-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { TwoFactorCard } from './two-factor-card';

/** SettingsTab: profile, password, two-factor, KYC status, bank accounts, sign-ins, and the account's data. */
export function SettingsTab() {
  const { t } = useTranslation('dashboard');
  const me = useMe().data;
  if (!me) return null;
  const kyc = kycBadge(me.kyc_status);
  return (
    <div className="space-y-6">
      <ProfileCard me={me} />
      <PasswordCard />
      <TwoFactorCard enabled={me.two_factor_enabled} emailVerified={me.email_verified} />
      <Card>
        <h2 className="text-lg font-bold text-ink">{t('kyc.heading')}</h2>
        <p className="mt-2">
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${kyc.className}`}>{t(kyc.labelKey)}</span>
        </p>
        <p className="mt-2 text-sm text-slate-700">{t(kyc.explainKey)}</p>
      </Card>
      <BankAccountsCard />
      <ActivityCard />
      <DataCard />
    </div>
  );
}
