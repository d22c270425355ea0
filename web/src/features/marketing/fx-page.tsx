import { ComingSoon } from '@/components/coming-soon';

/** FxPage is built in a later issue; for now it says so. */
export function FxPage() {
  return <ComingSoon title="Foreign Exchange" />;
}
