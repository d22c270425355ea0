import { ComingSoon } from '@/components/coming-soon';

/** EligibilityPage is built in a later issue; for now it says so. */
export function EligibilityPage() {
  return <ComingSoon title="Scholarship Eligibility" />;
}
