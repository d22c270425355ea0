// The one way the web app talks to the server. Every non-2xx answer becomes
// an ApiError carrying the server's "error" (or "message") text, its stable
// `code` and the request `field` at fault, checked at run time rather than
// trusted. The app decides from code and field, never from the English text
// (lib/api-errors.ts picks the words to show).

import type { components, operations } from '@contract/api-types';

/** Answer is an operation's 200 JSON body in the contract (docs/openapi.yaml), by operationId. */
export type Answer<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer B } } } ? B : never;

/** ErrorCode is one of the server's stable reasons (docs/openapi.yaml, ErrorCode). */
export type ErrorCode = components['schemas']['ErrorCode'];

export class ApiError extends Error {
  readonly status: number;
  /** code: the server's stable reason, or '' when the answer carried none (network, not JSON). */
  readonly code: ErrorCode | '';
  /** field: the JSON request field at fault (dotted for nested ones), or '' when none. */
  readonly field: string;
  /** retryAfter: seconds to wait before trying again (a 429's Retry-After), else 0. */
  readonly retryAfter: number;
  constructor(status: number, message: string, code: ErrorCode | '' = '', field = '', retryAfter = 0) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

/** hasCode reports an ApiError with one of the given codes. */
export function hasCode(err: unknown, ...codes: ErrorCode[]): err is ApiError {
  return err instanceof ApiError && err.code !== '' && codes.includes(err.code);
}

type Json = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Json;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function messageFrom(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return undefined;
}

function codeFrom(body: unknown): { code: ErrorCode | ''; field: string } {
  if (!body || typeof body !== 'object') return { code: '', field: '' };
  const b = body as Record<string, unknown>;
  const code = typeof b.code === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(b.code) ? (b.code as ErrorCode) : '';
  const field = typeof b.field === 'string' && b.field.length <= 200 ? b.field : '';
  return { code, field };
}

/** apiFetch sends a same-origin request with credentials and parses JSON. */
export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error: please check your connection and try again.');
  }
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      if (res.ok) throw new ApiError(res.status, 'The server sent an answer that is not JSON.');
    }
  }
  if (!res.ok) {
    const { code, field } = codeFrom(body);
    const retryAfter = Number(res.headers.get('Retry-After') ?? 0);
    throw new ApiError(res.status, messageFrom(body) ?? `Request failed (${res.status})`, code, field, Number.isFinite(retryAfter) ? retryAfter : 0);
  }
  return body as T;
}

/** Translate is i18next's t, enough of it to look a code's words up. */
export type Translate = (key: string, options?: { defaultValue: string }) => string;

/**
 * serverText is the words for an ApiError: the locale's `common:errors.<code>`
 * when there is one, else the server's own text when it is one a person can
 * act on, else the caller's fallback ("Failed to create customer", ...).
 * Anything that is not an ApiError gets the fallback.
 */
export function serverText(err: unknown, fallback: string, t?: Translate): string {
  if (!(err instanceof ApiError)) return fallback;
  if (err.code && t) {
    const words = t(`common:errors.${err.code}`, { defaultValue: '' });
    if (words) return words;
  }
  const m = err.message.trim();
  if (m && m !== 'internal error' && !/^Request failed \(\d+\)$/.test(m)) return m;
  return fallback;
}

/** errorMessage picks the text to show for any thrown value. */
export function errorMessage(err: unknown, fallback: string, t?: Translate): string {
  if (err instanceof ApiError) return serverText(err, fallback, t);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * answerText is the server's own words for a refusal (already in the
 * person's language), else fallback: for a network failure, an answer that
 * was not JSON, or anything that is not an ApiError.
 */
export function answerText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status > 0 && err.message && !/^Request failed \(\d+\)$/.test(err.message) ? err.message : fallback;
}
