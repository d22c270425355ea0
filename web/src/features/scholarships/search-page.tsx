import { ComingSoon } from '@/components/coming-soon';

/** ScholarshipSearchPage is built in a later issue; for now it says so. */
export function ScholarshipSearchPage() {
  return <ComingSoon title="Scholarship Search" />;
}
