import { ComingSoon } from '@/components/coming-soon';

/** MexicoWizardPage is built in a later issue; for now it says so. */
export function MexicoWizardPage() {
  return <ComingSoon title="Pay from Mexico" />;
}
