import { ComingSoon } from '@/components/coming-soon';

/** PaymentGuidePage is built in a later issue; for now it says so. */
export function PaymentGuidePage() {
  return <ComingSoon title="Payment guide" />;
}
