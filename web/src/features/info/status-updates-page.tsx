import { ComingSoon } from '@/components/coming-soon';

/** StatusUpdatesPage is built in a later issue; for now it says so. */
export function StatusUpdatesPage() {
  return <ComingSoon title="Payment status updates" />;
}
