import { useEffect, useState } from 'react';
import { useLiveStatus } from '@/lib/use-live-status';
import { finalStatuses, useTransactionStatus } from './get-transaction-status';

/**
 * useFollowPayment loads a payment's status and keeps it fresh: the owner's
 * browser follows it live (each pushed change makes one status check) until
 * it ends; anyone else, and a failed stream, polls. `live` tells whether
 * the stream is open.
 */
export function useFollowPayment(id: string) {
  const [liveId, setLiveId] = useState('');
  const live = useLiveStatus(liveId);
  const query = useTransactionStatus(id, live.connected);
  const owned = query.data?.owned && query.data.transaction_id === id && !finalStatuses.has(query.data.status);
  if ((owned ? id : '') !== liveId) setLiveId(owned ? id : '');
  const seq = live.status?.sequence;
  // A hold or its release changes no state (the sequence stays): it is followed too.
  const held = live.status?.on_hold;
  const { refetch } = query;
  useEffect(() => {
    if (seq !== undefined) void refetch();
  }, [seq, held, refetch]);
  return { query, live: live.connected };
}
