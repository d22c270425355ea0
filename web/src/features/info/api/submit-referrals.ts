import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

export interface ReferralInput {
  customer_id: string;
  emails: string[];
}

export interface ReferralResult {
  sent: number;
  message: string;
}

/** submitReferrals stores the friends a payer invites; the server queues their e-mails. */
export async function submitReferrals(input: ReferralInput): Promise<ReferralResult> {
  const body = await apiFetch<Partial<ReferralResult>>('/api/referrals', {
    method: 'POST',
    body: { customer_id: input.customer_id, emails: input.emails },
  });
  if (typeof body?.sent !== 'number') {
    throw new ApiError(200, 'The server did not confirm the referrals.');
  }
  return { sent: body.sent, message: typeof body.message === 'string' ? body.message : '' };
}

/** useSubmitReferrals is the mutation behind 'Send Invites'. */
export function useSubmitReferrals() {
  return useMutation({ mutationFn: submitReferrals });
}
