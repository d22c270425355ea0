// Steps 5 to 8 while a payment is live: the countdown, the live status
// stream (each pushed change makes one status check; the spec's 3-second
// polling only while the stream is unavailable; the shared payments/progress
// module decides what an answer means), the toasts each change earns, and
// the sandbox's Simulate buttons.

import { useCallback, useEffect } from 'react';
import { useLiveStatus } from '@/lib/use-live-status';
import { toast } from '@/components/ui/toast-store';
import { serverText } from '@/lib/api-client';
import { getWebhookStatus } from '@/features/payments/progress/get-webhook-status';
import { isFinal, reduceStatus, type Effect } from '@/features/payments/progress/payment-progress';
import { usePolling } from '@/features/payments/progress/use-polling';
import { triggerMockWebhook, type SandboxEvent } from '@/features/payments/api/trigger-mock-webhook';
import { copyText } from '@/features/payments/lib/browser';
import { POLL_INTERVAL_MS, POLL_MAX_MS } from '@/features/payments/lib/country';
import { showMoney } from '@/features/payments/lib/format';
import type { WizardState } from '../lib/state';
import { useCountdown } from '@/features/payments/hooks/use-countdown';
import type { WizardCore } from './wizard-core';

export function usePaymentStatus(core: WizardCore, state: WizardState, openExpired: () => void) {
  const { t, dispatch, stateRef, errorToast } = core;

  const applyEffects = useCallback(
    (effects: Effect[], s: WizardState) => {
      for (const e of effects) {
        if (e === 'offramp-toast' && s.offramp) {
          toast({ title: t('toasts.offrampCreated'), description: t('toasts.offrampCreatedBody', { amount: showMoney(s.offramp.amount, 'USD') }) });
        } else if (e === 'complete-toast') {
          const check = s.form.deliveryMethod === 'check-to-school';
          toast({ title: t('toasts.transferComplete'), description: check ? t('toasts.transferCompleteCheck') : t('toasts.transferCompleteBank') });
        } else if (e === 'failed') {
          errorToast(t('toasts.paymentFailed'), t('toasts.paymentError'));
        }
      }
    },
    [errorToast, t],
  );

  /** checkStatus asks the server once and applies the answer; true when polling should stop. */
  const checkStatus = useCallback(
    async (signal?: AbortSignal): Promise<boolean> => {
      const s = stateRef.current;
      if (!s.payment) return true;
      const status = await getWebhookStatus(s.payment.transaction_id, signal);
      const cur = stateRef.current;
      if (!cur.payment || cur.payment.transaction_id !== s.payment.transaction_id) return true;
      const { next, effects } = reduceStatus({ progress: cur.progress, offramp: cur.offramp, lastStatus: cur.lastStatus }, status);
      dispatch({ type: 'progress', ...next });
      applyEffects(effects, { ...cur, ...next });
      if (effects.includes('expired')) {
        dispatch({ type: 'quote-expired' });
        openExpired();
      }
      return effects.includes('stop-polling');
    },
    [applyEffects, dispatch, openExpired, stateRef],
  );

  // The owner's browser follows the payment over Server-Sent Events; a
  // refused or dropped stream leaves `connected` false, and polling resumes.
  const following = state.payment !== null && !isFinal(state.progress) ? state.payment.transaction_id : '';
  const live = useLiveStatus(following);
  const sequence = live.status?.sequence;
  const held = live.status?.on_hold; // a hold or its release enters no state
  useEffect(() => {
    if (sequence !== undefined) void checkStatus().catch(() => undefined);
  }, [sequence, held, checkStatus]);

  usePolling(checkStatus, {
    enabled: state.payment !== null && !isFinal(state.progress) && !live.connected,
    intervalMs: POLL_INTERVAL_MS,
    maxMs: POLL_MAX_MS,
    startedAt: state.pollStartedAt ?? 0,
  });

  const handleExpire = useCallback(async () => {
    const s = stateRef.current;
    if (s.progress !== 'waiting') return;
    if (s.step === 6 && s.payment) {
      // The payer may have paid at the last second (or before a reload): ask first.
      try {
        await checkStatus();
      } catch {
        // no answer: the clock decides
      }
      if (stateRef.current.progress !== 'waiting') return;
    }
    dispatch({ type: 'quote-expired' });
    openExpired();
  }, [checkStatus, dispatch, openExpired, stateRef]);

  const timer = useCountdown({
    deadline: state.step === 6 ? state.paymentDeadline : state.step === 5 ? state.quoteDeadline : null,
    active: (state.step === 5 || state.step === 6) && (state.progress === 'waiting' || state.progress === 'processing'),
    stopped: state.timerStopped,
    onExpire: () => void handleExpire(),
  });

  const copy = useCallback(
    async (text: string, title: string, description: string) => {
      if (await copyText(text)) toast({ title, description });
      else errorToast(t('toasts.copyFailedBody'), t('toasts.copyFailed'));
    },
    [errorToast, t],
  );

  const simulate = useCallback(
    async (event: SandboxEvent) => {
      const s = stateRef.current;
      if (!s.payment) return false;
      try {
        await triggerMockWebhook(s.payment.transaction_id, event);
        return true;
      } catch (err) {
        errorToast(serverText(err, t('toasts.sandboxFailed'), t));
        return false;
      }
    },
    [errorToast, stateRef, t],
  );

  return { timer, copy, simulate };
}
