// The Settings tab's calls (docs/openapi.yaml, tags "settings" and
// "accounts"). Every answer that changes the account refreshes the shared
// GET /api/me cache, so the user card follows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { meKey, type Me } from '@/lib/session';

export type SavedBankAccount = components['schemas']['SavedBankAccount'];
export type Signin = components['schemas']['Signin'];

const bankAccountsKey = ['settings', 'bank-accounts'] as const;
const signinsKey = ['settings', 'signins'] as const;

export function useBankAccounts() {
  return useQuery({
    queryKey: bankAccountsKey,
    queryFn: async () => (await apiFetch<{ bank_accounts: SavedBankAccount[] }>('/api/me/bank-accounts')).bank_accounts ?? [],
  });
}

export function useRemoveBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/me/bank-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankAccountsKey }),
  });
}

export function useSignins() {
  return useQuery({
    queryKey: signinsKey,
    queryFn: async () => (await apiFetch<{ signins: Signin[] }>('/api/me/signins')).signins ?? [],
  });
}

export function useUpdateName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: { first_name: string; last_name: string }) => apiFetch<Me>('/api/me/name', { method: 'PUT', body: name }),
    onSuccess: (me) => qc.setQueryData(meKey, me),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      apiFetch<{ status: string }>('/api/me/password', { method: 'POST', body }),
  });
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: (password: string) => apiFetch<{ closed: boolean }>('/api/me/close', { method: 'POST', body: { password } }),
  });
}

/** twoFactorApi reuses the accounts' two-factor routes. */
export const twoFactorApi = {
  enrol: (currentPassword: string) =>
    apiFetch<{ otpauth_uri: string; secret: string }>('/api/two-factor/enrol', { method: 'POST', body: { current_password: currentPassword } }),
  confirm: (code: string) =>
    apiFetch<{ two_factor_enabled: boolean; recovery_codes: string[] }>('/api/two-factor/confirm', { method: 'POST', body: { code } }),
  disable: (currentPassword: string, code: string) =>
    apiFetch<{ two_factor_enabled: boolean }>('/api/two-factor/disable', { method: 'POST', body: { current_password: currentPassword, code } }),
};

/** DATA_EXPORT_URL is Download my data (a JSON attachment). */
export const DATA_EXPORT_URL = '/api/me/data';
