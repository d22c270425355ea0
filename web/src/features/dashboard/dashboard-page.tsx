import { ComingSoon } from '@/components/coming-soon';
import { RequireAccount, VerifyBanner } from '@/components/require-account';

/** DashboardPage is built in a later issue; it is guarded and shows the verification banner. */
export function DashboardPage() {
  return (
    <RequireAccount>
      <VerifyBanner />
      <ComingSoon title="Crebit Dashboard" />
    </RequireAccount>
  );
}
