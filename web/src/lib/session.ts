// Who is signed in, for every screen: the header's account menu, guarded
// pages and the account screens share this one cached GET /api/me.
import type { components } from '@contract/api-types';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, type Answer } from '@/lib/api-client';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { isLanguage, type Language } from '@/lib/language';

/** Me is the signed-in account as GET /api/me answers it (kyc_status: approved, under_review, rejected
 * or not_started; language: the one the account chose, '' until it chooses; e-mails are written in it). */
export type Me = components['schemas']['Me'];

export const meKey = ['account', 'me'] as const;

/**
 * meQuery reads the signed-in account, or null when signed out: the server
 * answers 204 with no body then (issue 26, item 14: its 401 was logged in
 * the console of every signed-out page). A 401 still means signed out.
 */
const meQuery = {
  queryKey: meKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      return (await apiFetch<Me | undefined>('/api/me')) ?? null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 30_000,
  retry: false,
} as const;

/** useMe is the signed-in account, or null when signed out. */
export function useMe() {
  return useQuery<Me | null>(meQuery);
}

/** useSetMe updates the cached account after signing in or out. */
export function useSetMe() {
  const qc = useQueryClient();
  return (me: Me | null) => qc.setQueryData(meKey, me);
}

/** signOut ends the session on the server. */
export function signOut() {
  return apiFetch<Answer<'signOut'>>('/api/signout', { method: 'POST', body: {} });
}

/**
 * useAccountLanguage shows the site in the language the signed-in account
 * chose, on any device, once it signs in.
 */
export function useAccountLanguage() {
  const lang = useMe().data?.language;
  useEffect(() => {
    if (isLanguage(lang) && lang !== currentLanguage()) void changeLanguage(lang);
  }, [lang]);
}

/**
 * useChooseLanguage switches the language and remembers it: in the cookie,
 * and on the account when signed in (its e-mails are then written in it).
 */
export function useChooseLanguage() {
  const qc = useQueryClient();
  return async (lang: Language) => {
    await changeLanguage(lang);
    // Chosen before GET /api/me answered (a page just opened): wait for it,
    // so a signed-in account still keeps the choice, and the late answer
    // does not bring the old language back.
    const me = await qc.ensureQueryData(meQuery).catch(() => null);
    if (!me) return;
    qc.setQueryData(meKey, { ...me, language: lang });
    try {
      await apiFetch('/api/me/language', { method: 'PUT', body: { lang } });
    } catch {
      // The cookie still remembers it on this device; the next choice retries.
    }
  };
}
