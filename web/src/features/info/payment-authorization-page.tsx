import { ComingSoon } from '@/components/coming-soon';

/** PaymentAuthorizationPage is built in a later issue; for now it says so. */
export function PaymentAuthorizationPage() {
  return <ComingSoon title="Payment Authorization" />;
}
