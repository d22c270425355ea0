import { ComingSoon } from '@/components/coming-soon';

/** CheckStatusPage is built in a later issue; for now it says so. */
export function CheckStatusPage() {
  return <ComingSoon title="Check payment status" />;
}
