import { ComingSoon } from '@/components/coming-soon';

/** BrazilWizardPage is built in a later issue; for now it says so. */
export function BrazilWizardPage() {
  return <ComingSoon title="Pay from Brazil" />;
}
