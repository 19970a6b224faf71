import { markEnquiry as markEnquiryEndpoint } from '@kanna/shared/api/orders';
import type { EnquiryStatus } from '@kanna/shared/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** An administrator marks an enquiry answered, or new again (the server records who and when). */
const markEnquiry = ({ id, status }: { id: string; status: EnquiryStatus }) =>
  call(markEnquiryEndpoint, { params: { id }, body: { status } });

/** Marks an enquiry; every list of enquiries (new, answered, all) then loads again. */
export const useMarkEnquiry = () =>
  useMutationThenReload(markEnquiry, { reload: 'settled', keys: [queryKeys.enquiries.all] });
