// GET /api/ops/audit: the audit log, newest first, as a whole or for one
// object; `before` (an entry's time) gives the page after.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditFilter {
  objectType?: string;
  objectId?: string;
  before?: string;
}

/** auditPageSize is how many entries a page of the log shows. */
export const auditPageSize = 50;

export const auditQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: [...opsKey, 'audit', f.objectType ?? '', f.objectId ?? '', f.before ?? ''],
    queryFn: async () => {
      const p = new URLSearchParams();
      if (f.objectType && f.objectId) {
        p.set('object_type', f.objectType);
        p.set('object_id', f.objectId);
      }
      if (f.before) p.set('before', f.before);
      p.set('limit', String(auditPageSize));
      const r = await apiFetch<{ entries: AuditEntry[] }>(`/api/ops/audit?${p}`);
      if (!r || !Array.isArray(r.entries)) throw new Error('Unexpected audit answer');
      return r.entries;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
