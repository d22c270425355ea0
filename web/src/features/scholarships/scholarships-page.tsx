import { ComingSoon } from '@/components/coming-soon';

/** ScholarshipsPage is built in a later issue; for now it says so. */
export function ScholarshipsPage() {
  return <ComingSoon title="Scholarships" />;
}
