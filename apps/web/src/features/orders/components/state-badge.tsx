import type { OrderStatus } from '@kanna/shared/orders';

const tone: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  on_account: 'badge-success',
  account_shipped: 'badge-info',
  awaiting_approval: 'badge-warning',
};

/** An order's state as a coloured label; the text carries the meaning, the colour only helps. */
export function StateBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <span className={`badge whitespace-nowrap font-semibold ${tone[status]}`}>{label}</span>;
}
