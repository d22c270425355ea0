import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface ReferralResult {
  sent: number;
  message: string;
}

/** submitReferrals stores the friends a payer referred; an invitation is e-mailed to each. */
export async function submitReferrals(customerId: string, emails: string[]): Promise<ReferralResult> {
  const b = await apiFetch<Partial<ReferralResult>>('/api/referrals', {
    method: 'POST',
    body: { customer_id: customerId, emails },
  });
  return { sent: typeof b?.sent === 'number' ? b.sent : emails.length, message: String(b?.message ?? '') };
}

export function useSubmitReferrals() {
  return useMutation({
    mutationFn: ({ customerId, emails }: { customerId: string; emails: string[] }) => submitReferrals(customerId, emails),
  });
}
