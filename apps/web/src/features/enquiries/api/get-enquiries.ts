import { listEnquiries } from '@kanna/shared/api/orders';
import type { EnquiryStatus } from '@kanna/shared/orders';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Which enquiries the inbox shows: the new ones, the answered ones, or all ('') . */
export type EnquiryFilter = EnquiryStatus | '';

/** One page of Contact Supplier enquiries (admin), newest first. Spec §4: a 403 here signs the user out. */
const getEnquiriesPage = (status: EnquiryFilter, cursor: string | null, signal?: AbortSignal) =>
  callPage(
    listEnquiries,
    { query: { status: status || undefined, cursor: cursor ?? undefined } },
    { signal, signOutOn403: true },
  );

const enquiriesQueryOptions = (status: EnquiryFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.enquiries.list({ status }),
    queryFn: ({ pageParam, signal }) => getEnquiriesPage(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
    staleTime: 0,
  });

/** The enquiries in one state (or all), page by page; the last list stays on screen while another loads. */
export const useEnquiries = (status: EnquiryFilter) =>
  useInfiniteQuery({ ...enquiriesQueryOptions(status), placeholderData: keepPreviousData });
