import { messages } from '@kanna/shared/domain/messages';
import type { Order, OrderStatus } from '@kanna/shared/orders';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { AllOrdersTable } from '../components/all-orders-table';
import { adminStateLabel } from '../format';

const filters: { value: OrderStatus | ''; label: string; empty: string }[] = [
  { value: '', label: 'All states', empty: 'No orders yet.' },
  { value: 'unpaid', label: adminStateLabel.unpaid, empty: 'No unpaid orders.' },
  {
    value: 'paid',
    label: `${adminStateLabel.paid} (paid, to ship)`,
    empty: 'No Pending orders: everything paid has shipped.',
  },
  { value: 'shipped', label: adminStateLabel.shipped, empty: 'No shipped orders yet.' },
  { value: 'cancelled', label: adminStateLabel.cancelled, empty: 'No cancelled orders.' },
];

/** /dashboard/allOrders (admin): every order, filtered by state, with Mark shipped on Pending ones. */
export function AllOrdersPage() {
  usePageMeta(
    'All orders',
    'Every Kanna order for administrators: unpaid, Pending shipping, shipped and cancelled.',
  );
  const filterId = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const query = useAllOrders(status || undefined);
  const ship = useShipOrder();

  const onShip = (order: Order) =>
    ship.mutate(order._id, {
      onSuccess: () => void notify('success', messages.orderShipped),
      onError: (error) => void notify('error', error.message),
    });

  const empty = filters.find((f) => f.value === status)?.empty ?? 'No orders yet.';
  return (
    <div className="w-full px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">All orders</h1>
          <p className="mt-2 text-base-content/80">
            Pending orders are paid and waiting to be shipped.
            {query.isSuccess && (
              <span aria-live="polite">
                {' '}
                {query.data.length} {query.data.length === 1 ? 'order' : 'orders'} shown.
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="font-semibold">
            State
          </label>
          <select
            id={filterId}
            className="select w-full sm:w-56"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
          >
            {filters.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : undefined}>
        <QueryState
          query={query}
          loadingLabel="Loading orders"
          errorTitle="The orders could not be loaded."
          empty={empty}
        >
          {(orders) => (
            <AllOrdersTable
              orders={orders}
              onShip={onShip}
              shippingId={ship.isPending ? (ship.variables ?? null) : null}
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}
