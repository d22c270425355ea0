import { ComingSoon } from '@/components/coming-soon';

/** QuickMatchPage is built in a later issue; for now it says so. */
export function QuickMatchPage() {
  return <ComingSoon title="Quick Match" />;
}
