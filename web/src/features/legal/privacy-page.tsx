import { ComingSoon } from '@/components/coming-soon';

/** PrivacyPage is built in a later issue; for now it says so. */
export function PrivacyPage() {
  return <ComingSoon title="Privacy Policy" />;
}
