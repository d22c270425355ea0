import { ComingSoon } from '@/components/coming-soon';

/** DashboardPage is built in a later issue; for now it says so. */
export function DashboardPage() {
  return <ComingSoon title="Crebit Dashboard" />;
}
