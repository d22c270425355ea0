// A friend's invitation link carries the referrer's code (?ref=). The app
// hands it to the server once per page load that has it; the server keeps
// it for this browser's session (and its account once signed in), and the
// friend's first completed payment earns the referrer a reward.
import { useEffect } from 'react';
import type { components } from '@contract/api-types';
import { apiFetch } from './api-client';

/** useReferralArrival sends the page's ?ref= code, if any, to the server. */
export function useReferralArrival(search: string): void {
  const code = new URLSearchParams(search).get('ref');
  useEffect(() => {
    if (!code) return;
    apiFetch('/api/referral-arrival', { body: { code: code.slice(0, 64) } satisfies components['schemas']['ReferralArrival'] }).catch(() => {
      // Not worth a word to the visitor: the link still works without it.
    });
  }, [code]);
}
