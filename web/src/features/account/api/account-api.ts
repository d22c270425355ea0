// The account routes (docs/openapi.yaml, tag "accounts"). Errors carry the
// server's stable code and field so screens can place them under a field.

import type { Me } from '@/lib/session';

export type { Me };

export interface SignInAnswer {
  two_factor_required: boolean;
  two_factor_token?: string;
  me?: Me;
}

export class AccountError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string;
  readonly retryAfter: number;
  constructor(status: number, message: string, code: string, field: string, retryAfter: number) {
    super(message);
    this.name = 'AccountError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

/** call posts (or gets) JSON and turns a non-2xx answer into an AccountError. */
export async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AccountError(0, '', 'network', '', 0);
  }
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  if (!res.ok) {
    const str = (k: string) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : '');
    throw new AccountError(res.status, str('error'), str('code'), str('field'), Number(res.headers.get('Retry-After') ?? 0));
  }
  return parsed as T;
}

export const accountApi = {
  me: () => call<Me>('GET', '/api/me'),
  signUp: (email: string, password: string) => call<SignInAnswer>('POST', '/api/signup', { email, password }),
  signIn: (email: string, password: string) => call<SignInAnswer>('POST', '/api/signin', { email, password }),
  signInCode: (token: string, code: string) =>
    call<SignInAnswer>('POST', '/api/signin/two-factor', { two_factor_token: token, code }),
  signOut: () => call<{ signed_out: boolean }>('POST', '/api/signout', {}),
  verifyEmail: (token: string) => call<{ email_verified: boolean }>('POST', '/api/verify-email', { token }),
  forgotPassword: (email: string) => call<{ status: string }>('POST', '/api/forgot-password', { email }),
  resetPassword: (token: string, password: string) => call<{ status: string }>('POST', '/api/reset-password', { token, password }),
};

/** safeNext keeps only same-site paths ("/x", never "//host" or "/\\host"). */
export function safeNext(next: string | null, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
