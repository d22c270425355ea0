import { ComingSoon } from '@/components/coming-soon';

/** HowItWorksPage is built in a later issue; for now it says so. */
export function HowItWorksPage() {
  return <ComingSoon title="How It Works" />;
}
