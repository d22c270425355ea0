import type { components } from '@contract/api-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** ServerConfig is what GET /api/config says about this server. */
export type ServerConfig = components['schemas']['Config'];

/** getConfig reads the server's configuration; anything unexpected reads as "no sandbox". */
export async function getConfig(): Promise<ServerConfig> {
  const body = await apiFetch<Partial<ServerConfig>>('/api/config');
  return {
    sandbox: body?.sandbox === true,
    quote_ttl_seconds: typeof body?.quote_ttl_seconds === 'number' ? body.quote_ttl_seconds : 300,
  };
}

export const configQuery = () =>
  queryOptions({ queryKey: ['server-config'], queryFn: getConfig, staleTime: Infinity, retry: 1 });

/** useServerConfig loads the configuration once per page load. */
export function useServerConfig() {
  return useQuery(configQuery());
}
