import type { Texts } from '@kanna/shared/domain/translation';

/**
 * The order's parties and a Japanese postal code, asked the same way at the buyer's checkout and
 * on the admin's "Enter an order" page: the postal code look-up, then company, PO number, delivery
 * date, billing address and receipt (all optional).
 */
export default {
  // The postal code (a delivery in Japan).
  postalCode: 'Postal code',
  lookingUp: 'Looking up the address…',
  addStreet: (place: string) => `${place}: now add the street and building.`,
  noSuchCode: 'No address has this postal code: please check it.',
  notLookedUp: 'The address could not be looked up.',
  sevenDigits: 'Seven digits: the prefecture and city are filled in for you.',
  // The buyer as a business: all optional.
  business: 'Company, PO number, billing and receipt',
  company: 'Company',
  department: 'Department',
  poNumber: 'Your PO number',
  poNumberHint: 'Printed on the invoice, the delivery note and every mail about this order.',
  requestedDate: 'Delivery requested by',
  billApart: 'Send the invoice elsewhere',
  billingAddress: 'Bill to',
  billingAddressHint: 'Invoices, pro-formas and receipts go here; the goods go to the delivery address.',
  receiptAddressee: 'Receipt made out to',
  receiptAddresseeHint: (name: string) => `Left empty: ${name}.`,
  receiptNote: 'Receipt for',
  receiptNoteHint: 'What the receipt says the money was for.',
  goodsNote: 'goods',
  /** The PO number's label when the shop enters the order for the buyer. */
  buyersPoNumber: 'The buyer’s PO number',
} satisfies Texts;
