import { ComingSoon } from '@/components/coming-soon';

/** CountrySelectionPage is built in a later issue; for now it says so. */
export function CountrySelectionPage() {
  return <ComingSoon title="Send money to the U.S. in 3 steps" />;
}
