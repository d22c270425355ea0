import { ComingSoon } from '@/components/coming-soon';

/** CompliancePage is built in a later issue; for now it says so. */
export function CompliancePage() {
  return <ComingSoon title="Compliance" />;
}
