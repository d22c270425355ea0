import { ComingSoon } from '@/components/coming-soon';

/** TermsPage is built in a later issue; for now it says so. */
export function TermsPage() {
  return <ComingSoon title="Terms of Service" />;
}
