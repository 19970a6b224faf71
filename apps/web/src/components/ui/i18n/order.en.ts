import { bankLabels } from '@kanna/shared/domain/transfers';
import type { Texts } from '@kanna/shared/domain/translation';

/**
 * The shared pieces of ordering and paying: the order's totals, the phone and address fields, the
 * quantity stepper, how to pay by bank transfer.
 */
export default {
  goods: 'Goods',
  shipping: 'Shipping',
  free: 'Free',
  taxAt: (ratePercent: number) => `Tax (${ratePercent}%)`,
  tax: 'Tax',
  exportExempt: 'Export — tax exempt',
  total: 'Total',
  totalDue: 'Total due',
  phone: 'Phone',
  address: 'Address',
  quantity: 'Quantity',
  /** After 'Quantity', for screen readers: whose quantity. */
  quantityOf: (name: string) => ` of ${name}`,
  decrease: 'Decrease quantity',
  decreaseOf: (name: string) => `Decrease quantity of ${name}`,
  increase: 'Increase quantity',
  increaseOf: (name: string) => `Increase quantity of ${name}`,
  quantityRange: (min: number, max: number) => `From ${min} to ${max} pieces`,
  quantityRangeInPacks: (min: number, max: number, pack: number) =>
    `From ${min} to ${max} pieces, in packs of ${pack}`,
  payByTransfer: 'Pay by bank transfer',
  /** The amount and the deadline are put where their markers are. */
  transferLead: (amount: string, deadline: string) =>
    `Transfer ${amount} by ${deadline} to the account below, giving the order number as the reference. Until then the pieces are held for you.`,
  receivedSoFar: (paid: string, due: string) => ` We have received ${paid} of ${due} so far.`,
  bank: bankLabels,
  reference: 'Reference',
  amount: 'Amount',
  copyReference: 'Copy reference',
  proformaPdf: 'Pro-forma invoice (PDF)',
} satisfies Texts;
