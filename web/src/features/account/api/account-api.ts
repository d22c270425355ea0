// The account routes (docs/openapi.yaml, tag "accounts"), through the one
// API client: errors carry the server's stable code and field so screens can
// place them under a field.

import { ApiError, apiFetch, type Answer } from '@/lib/api-client';
import type { components } from '@contract/api-types';
import type { Me } from '@/lib/session';

export type { Me };

/** SignInAnswer: the account (signed in), or the two-factor step's token. */
export type SignInAnswer = components['schemas']['SignInAnswer'];

/** AccountError is the app's one ApiError (status, code, field, retryAfter). */
export { ApiError as AccountError };

/** call sends JSON through the one API client; a non-2xx answer is an ApiError. */
export function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  return apiFetch<T>(path, { method, body });
}

export const accountApi = {
  me: () => call<Me>('GET', '/api/me'),
  signIn: (email: string, password: string) => call<SignInAnswer>('POST', '/api/signin', { email, password }),
  signInCode: (token: string, code: string) =>
    call<SignInAnswer>('POST', '/api/signin/two-factor', { two_factor_token: token, code }),
  signOut: () => call<Answer<'signOut'>>('POST', '/api/signout', {}),
  verifyEmail: (token: string) => call<Answer<'verifyEmail'>>('POST', '/api/verify-email', { token }),
  forgotPassword: (email: string) => call<Answer<'forgotPassword'>>('POST', '/api/forgot-password', { email }),
  resetPassword: (token: string, password: string) => call<Answer<'resetPassword'>>('POST', '/api/reset-password', { token, password }),
};

/** safeNext keeps only same-site paths ("/x", never "//host" or "/\\host"). */
export function safeNext(next: string | null, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
