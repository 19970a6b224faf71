import { getTransferInstructions as getTransferInstructionsEndpoint } from '@kanna/shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * How to pay an order by bank transfer: the shop's account, the order number as the reference,
 * what is left to pay and the deadline. The buyer who placed it or an admin; 409 when the shop
 * takes no transfers. Asked for by the payment page and the buyer's order page.
 */
const getTransferInstructions = (id: string, signal?: AbortSignal) =>
  call(getTransferInstructionsEndpoint, { params: { id } }, { signal });

/** Under the orders' key: a payment recorded or a method switched refreshes it. */
const transferInstructionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.transfer(id),
    queryFn: ({ signal }) => getTransferInstructions(id, signal),
    staleTime: 0,
  });

export const useTransferInstructions = (id: string, enabled = true) =>
  useQuery({ ...transferInstructionsQueryOptions(id), enabled });
