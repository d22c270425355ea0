import { ComingSoon } from '@/components/coming-soon';

/** SignUpPage is built in a later issue; for now it says so. */
export function SignUpPage() {
  return <ComingSoon title="Sign Up" />;
}
