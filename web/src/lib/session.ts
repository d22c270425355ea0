// Who is signed in, for every screen: the header's account menu, guarded
// pages and the account screens share this one cached GET /api/me.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

/** Me is the signed-in account as GET /api/me answers it. */
export interface Me {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  /** kyc_status: approved, under_review, rejected or not_started. */
  kyc_status: string;
}

export const meKey = ['account', 'me'] as const;

/** useMe is the signed-in account, or null when signed out. */
export function useMe() {
  return useQuery<Me | null>({
    queryKey: meKey,
    queryFn: async () => {
      try {
        return await apiFetch<Me>('/api/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 30_000,
    retry: false,
  });
}

/** useSetMe updates the cached account after signing in or out. */
export function useSetMe() {
  const qc = useQueryClient();
  return (me: Me | null) => qc.setQueryData(meKey, me);
}

/** signOut ends the session on the server. */
export function signOut() {
  return apiFetch<{ signed_out: boolean }>('/api/signout', { method: 'POST', body: {} });
}
