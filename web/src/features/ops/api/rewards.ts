// The referral rewards queue (finance and admins; anyone else gets 404):
// GET /api/ops/rewards, POST /api/ops/rewards/{id}/send (the gift card's
// code, e-mailed to the referrer; asks for the operator's password again)
// and POST /api/ops/rewards/{id}/review (release a held one, or refuse).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type Reward = components['schemas']['ConsoleReward'];
export type RewardStatus = Reward['status'];

export const rewardStatuses: RewardStatus[] = ['earned', 'held', 'sent', 'refused'];

export const rewardsQuery = (status: RewardStatus | '') =>
  queryOptions({
    queryKey: [...opsKey, 'rewards', status],
    queryFn: async () => {
      const r = await apiFetch<{ rewards: Reward[] }>(`/api/ops/rewards${status ? `?status=${status}` : ''}`);
      if (!r || !Array.isArray(r.rewards)) throw new Error('Unexpected rewards answer');
      return r.rewards;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRewards = (status: RewardStatus | '') => useQuery(rewardsQuery(status));

export interface SendRewardInput {
  id: string;
  code: string;
  reason: string;
  current_password: string;
}

export interface ReviewRewardInput {
  id: string;
  decision: 'release' | 'refuse';
  reason: string;
}

/** useRewardActions gives the sending and the review; each refreshes the queue and the audit log. */
export function useRewardActions() {
  const client = useQueryClient();
  // Not awaited: the action's own callbacks run at once, before the refetch
  // may remove the object (and the form that acted on it) from the page.
  const refresh = () => void client.invalidateQueries({ queryKey: opsKey });
  const send = useMutation({
    mutationFn: ({ id, ...body }: SendRewardInput) => apiFetch<void>(`/api/ops/rewards/${encodeURIComponent(id)}/send`, { method: 'POST', body }),
    onSuccess: refresh,
  });
  const review = useMutation({
    mutationFn: ({ id, ...body }: ReviewRewardInput) => apiFetch<void>(`/api/ops/rewards/${encodeURIComponent(id)}/review`, { method: 'POST', body }),
    onSuccess: refresh,
  });
  return { send, review };
}
