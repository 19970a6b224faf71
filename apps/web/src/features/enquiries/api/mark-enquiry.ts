import { markEnquiry as markEnquiryEndpoint } from '@kanna/shared/api/orders';
import type { EnquiryStatus } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** An administrator marks an enquiry answered, or new again (the server records who and when). */
const markEnquiry = ({ id, status }: { id: string; status: EnquiryStatus }) =>
  call(markEnquiryEndpoint, { params: { id }, body: { status } });

/** Marks an enquiry; every list of enquiries (new, answered, all) then loads again. */
export function useMarkEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markEnquiry,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.enquiries.all }),
  });
}
