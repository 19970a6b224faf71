import { listAudit } from '@kanna/shared/api/audit';
import type { AuditKind } from '@kanna/shared/domain/audit';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What the admin filters the audit log by, as the address keeps it: '' is "any"; `actor` an
 * admin's e-mail address; `from` and `to` days (`2026-11-24`) that the server reads in the
 * shop's time zone, both included.
 */
export interface AuditFilters {
  actor: string;
  kind: AuditKind | '';
  from: string;
  to: string;
}

/** The filters as the API takes them: unset ones left out. */
const auditQuery = (f: AuditFilters) => ({
  actor: f.actor.trim() || undefined,
  kind: f.kind || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

const getAuditPage = (filters: AuditFilters, cursor: string | null, signal?: AbortSignal) =>
  callPage(listAudit, { query: { ...auditQuery(filters), cursor: cursor ?? undefined } }, { signal });

const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.audit.list(auditQuery(filters)),
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
    staleTime: 0,
  });

/** The log's entries matching `filters`, newest first, page by page; the last list stays while others load. */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData });
