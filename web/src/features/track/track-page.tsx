import { ComingSoon } from '@/components/coming-soon';

/** TrackPage is built in a later issue; for now it says so. */
export function TrackPage() {
  return <ComingSoon title="Track a payment" />;
}
