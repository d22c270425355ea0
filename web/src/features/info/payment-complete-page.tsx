import { ComingSoon } from '@/components/coming-soon';

/** PaymentCompletePage is built in a later issue; for now it says so. */
export function PaymentCompletePage() {
  return <ComingSoon title="Payment submitted" />;
}
