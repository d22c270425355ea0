// GET /api/ops/audit: the audit log, newest first, as a whole or for one
// object; a page's `next` (the last entry's time and id), passed as `after`,
// gives the page of older entries.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditFilter {
  objectType?: string;
  objectId?: string;
  after?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** next is present when there are older entries. */
  next?: string;
}

/** auditPageSize is how many entries a page of the log shows. */
export const auditPageSize = 50;

export const auditQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: [...opsKey, 'audit', f.objectType ?? '', f.objectId ?? '', f.after ?? ''],
    queryFn: async () => {
      const p = new URLSearchParams();
      if (f.objectType && f.objectId) {
        p.set('object_type', f.objectType);
        p.set('object_id', f.objectId);
      }
      if (f.after) p.set('after', f.after);
      p.set('limit', String(auditPageSize));
      const r = await apiFetch<AuditPage>(`/api/ops/audit?${p}`);
      if (!r || !Array.isArray(r.entries) || (r.next !== undefined && typeof r.next !== 'string')) throw new Error('Unexpected audit answer');
      return r;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
