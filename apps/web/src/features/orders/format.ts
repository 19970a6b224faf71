// Money is formatted by @kanna/shared/domain/money (formatMoney, formatPrice), as everywhere; an
// order's times by lib/shop-time.ts (the shop's time zone, the page's language), its words by
// i18n/desk.*.ts.

/** perPrice × quantity in whole cents, so 0.1 × 3 is 0.3 and not 0.30000000000000004 (docs/rules.md, "Where every rule lives"). */
export const orderTotal = (perPrice: number, quantity: number): number =>
  (Math.round(perPrice * 100) * quantity) / 100;

/** Where one order's page is: the admin's (from All orders) and the buyer's (from My orders). */
export const orderPagePath = {
  admin: (id: string) => `/dashboard/orders/${id}`,
  buyer: (id: string) => `/dashboard/myOrders/${id}`,
};
