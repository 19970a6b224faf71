import { listDocuments } from '@kanna/shared/api/documents';
import type { IssuedKind } from '@kanna/shared/domain/archive';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';

/**
 * What the owner searches the archive of issued documents by, as the address keeps it: '' is
 * "any"; `from` and `to` days (`2026-11-24`, the shop's time zone, both included); `min` and
 * `max` dollars as typed; `q` part of the counterparty's name.
 */
export interface ArchiveFilters {
  q: string;
  kind: IssuedKind | '';
  from: string;
  to: string;
  min: string;
  max: string;
}

/** The filters as the API takes them: unset ones left out. */
const archiveQuery = (f: ArchiveFilters) => ({
  q: f.q.trim() || undefined,
  kind: f.kind || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  min: f.min === '' ? undefined : Number(f.min),
  max: f.max === '' ? undefined : Number(f.max),
});

const archiveQueryOptions = (filters: ArchiveFilters) =>
  infiniteQueryOptions({
    queryKey: ['documents', 'list', archiveQuery(filters)] as const,
    queryFn: ({ pageParam, signal }) =>
      callPage(
        listDocuments,
        { query: { ...archiveQuery(filters), cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
    staleTime: 0,
  });

/** The issued documents matching `filters`, newest first, page by page; the last list stays while others load. */
export const useArchive = (filters: ArchiveFilters) =>
  useInfiniteQuery({ ...archiveQueryOptions(filters), placeholderData: keepPreviousData });
