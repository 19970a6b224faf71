import { orderApprovals } from './orders.approvals';
import type { OrdersDeps } from './orders.deps';
import { ordersContext } from './orders.deps';
import { orderDesk } from './orders.desk';
import { orderDocuments } from './orders.documents';
import { orderExport } from './orders.export';
import { orderLifecycle } from './orders.lifecycle';
import { orderPlacing } from './orders.placing';
import { orderTransfers } from './orders.transfers';

export type { OrdersDeps } from './orders.deps';

/**
 * The orders module's one service, made of parts that change for different reasons
 * (docs/ARCHITECTURE.md, "The map"): placing (orders.placing.ts), what happens to an order
 * afterwards (orders.lifecycle.ts), an order whole for the desk (orders.desk.ts), bank transfers
 * (orders.transfers.ts), the CSV export (orders.export.ts) and the PDF documents
 * (orders.documents.ts). Their SQL is in orders.repository.ts and one orders.<part>.repository.ts
 * a part; how orders are shown, in orders.view.ts. Payments reach orders through
 * orders.payments.ts.
 */
export function ordersService(deps: OrdersDeps) {
  const ctx = ordersContext(deps);
  return {
    ...orderPlacing(ctx),
    ...orderLifecycle(ctx),
    ...orderDesk(ctx),
    ...orderTransfers(ctx),
    ...orderDocuments(ctx),
    ...orderExport(ctx),
    ...orderApprovals(ctx),
    /** Mails an order's buyer about what happened to it (payments' mails go out this way too). */
    mailBuyer: ctx.orderMail.mailBuyer,
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
