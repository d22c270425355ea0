import { useMutation } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

/** SubscribeResponse: the same answer whether or not the address was already subscribed. */
export type SubscribeResponse = components['schemas']['Subscribed'];

/** subscribe stores a landing-page address for product updates (duplicate-safe on the server). */
export function subscribe(email: string): Promise<SubscribeResponse> {
  return apiFetch<SubscribeResponse>('/api/subscribe', { body: { email, source: 'landing' } });
}

/** useSubscribe is the sign-up form's mutation. */
export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
