import { ComingSoon } from '@/components/coming-soon';

/** SignInPage is built in a later issue; for now it says so. */
export function SignInPage() {
  return <ComingSoon title="Sign In" />;
}
