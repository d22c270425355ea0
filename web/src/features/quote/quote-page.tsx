import { ComingSoon } from '@/components/coming-soon';

/** QuotePage is built in a later issue; for now it says so. */
export function QuotePage() {
  return <ComingSoon title="Rate page" />;
}
