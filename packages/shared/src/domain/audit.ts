import { formatAmount } from './money';

/**
 * The audit log's words (docs/rules.md, "Audit log"): what kinds of admin action are recorded, and one readable
 * sentence for each entry. Free of zod, so the page that shows the log needs no schema to speak.
 */
export const auditKinds = [
  'user.update',
  'user.promote',
  'user.demote',
  'user.approve',
  'user.delete',
  'product.create',
  'product.update',
  'product.archive',
  'order.ship',
  'order.cancel',
  'order.note',
  'order.payment',
  'order.paymentMethod',
  'order.enter',
  'order.approve',
  'order.decline',
  'review.remove',
  'enquiry.status',
  'settings.update',
  'page.update',
  'priceList.create',
  'priceList.update',
  'priceList.delete',
  'user.priceList',
  'company.apply',
  'company.create',
  'company.approve',
  'company.decline',
  'company.terms',
  'company.priceList',
  'company.invite',
  'company.join',
  'company.spendingLimit',
  'company.removeMember',
  'company.withdrawInvitation',
  'company.statement',
  'company.payment',
  'company.reversePayment',
  'quote.create',
  'quote.withdraw',
] as const;
export type AuditKind = (typeof auditKinds)[number];

/** A kind as the filter lists it. */
export const auditKindLabel: Record<AuditKind, string> = {
  'user.update': 'Profile changed',
  'user.promote': 'Made admin',
  'user.demote': 'Admin role taken away',
  'user.approve': 'Buyer approval',
  'user.delete': 'Account deleted',
  'product.create': 'Product added',
  'product.update': 'Product changed',
  'product.archive': 'Product taken off sale',
  'order.ship': 'Order shipped',
  'order.cancel': 'Order cancelled',
  'order.note': 'Order note',
  'order.payment': 'Payment recorded',
  'order.paymentMethod': 'Payment method changed',
  'order.enter': 'Order entered for a buyer',
  'order.approve': 'Order approved',
  'order.decline': 'Order declined',
  'review.remove': 'Review removed',
  'enquiry.status': 'Enquiry marked',
  'settings.update': 'Shop settings changed',
  'page.update': 'Page edited',
  'priceList.create': 'Price list added',
  'priceList.update': 'Price list changed',
  'priceList.delete': 'Price list deleted',
  'user.priceList': "Buyer's price list",
  'company.apply': 'Trade account applied for',
  'company.create': 'Company created',
  'company.approve': 'Company approved',
  'company.decline': 'Company declined',
  'company.terms': 'Company terms changed',
  'company.priceList': "Company's price list",
  'company.invite': 'Company member invited',
  'company.join': 'Company member joined',
  'company.spendingLimit': 'Spending limit set',
  'company.removeMember': 'Company member removed',
  'company.withdrawInvitation': 'Invitation withdrawn',
  'company.statement': 'Statement issued',
  'company.payment': 'Payment recorded',
  'company.reversePayment': 'Payment reversed',
  'quote.create': 'Quote made',
  'quote.withdraw': 'Quote withdrawn',
};

/** The fields an entry's before/after may carry, as people call them. */
export const auditFieldLabels = {
  displayName: 'name',
  productName: 'name',
  description: 'description',
  productNameJa: 'name in Japanese',
  descriptionJa: 'description in Japanese',
  kind: 'kind',
  perPrice: 'price',
  available: 'available',
  minQuantity: 'minimum',
  packSize: 'pack size',
  volumePrices: 'volume prices',
  picture: 'picture',
  role: 'role',
  approved: 'approved',
  status: 'status',
  carrier: 'carrier',
  trackingNumber: 'tracking number',
  reason: 'reason',
  note: 'note',
  amountPaid: 'amount paid',
  receivedOn: 'received on',
  refundOwed: 'owed back',
  paymentMethod: 'payment method',
  title: 'title',
  body: 'text',
  titleJa: 'title in Japanese',
  bodyJa: 'text in Japanese',
  completed: 'completed',
  percent: 'rate (%)',
  fixedPrices: 'fixed prices',
  priceList: 'price list',
  closingDay: 'closing day',
  payMonthsAfter: 'months after closing to pay',
  payDay: 'payment day',
  nameKana: 'reading',
  billingEmail: 'billing e-mail',
  creditLimit: 'credit limit',
  spendingLimit: 'spending limit',
  currency: 'currency',
  language: 'language',
  member: 'member',
  owner: 'owner',
  minimumOrderYen: 'minimum order (yen)',
  statement: 'statement',
  dueOn: 'due on',
} as const satisfies Record<string, string>;

/** The fields whose values are dollars. */
export const auditMoneyFields: ReadonlySet<string> = new Set([
  'perPrice',
  'minimumOrder',
  'amount',
  'amountPaid',
  'refundOwed',
]);

/** A before/after value as a short text: money as money, lists and objects in brief. */
function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && auditMoneyFields.has(field)) return formatAmount(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'changed';
  return String(value);
}

const auditFieldLabel = (field: string): string =>
  (auditFieldLabels as Record<string, string>)[field] ??
  field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The fields an entry changed, each as `field old → new` (`after` names them; `before` may not). */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { field: string; label: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    label: auditFieldLabel(field),
    before: auditValue(field, before?.[field]),
    after: auditValue(field, after?.[field]),
  }));
}

/** What an entry's sentence is made of. */
export type Described = {
  /** An `AuditKind`, or one a newer release wrote (described by its name and target). */
  kind: string;
  target: { label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** One sentence for an entry, e.g. "Changed Hira Kanna 48 mm: price $54.50 → $56.00, available 50 → 60". */
export function describeAudit(entry: Described): string {
  const { label } = entry.target;
  const changes = auditChanges(entry.before, entry.after);
  const listed = changes.map((c) => `${c.label} ${c.before} → ${c.after}`).join(', ');
  switch (entry.kind as AuditKind) {
    case 'user.update':
      return listed ? `Changed ${label}'s profile: ${listed}` : `Changed ${label}'s profile`;
    case 'user.promote':
      return `Made ${label} an admin`;
    case 'user.demote':
      return `Took the admin role away from ${label}`;
    case 'user.approve':
      return entry.after?.approved
        ? `Approved ${label} as a trade buyer`
        : `Withdrew ${label}'s trade approval`;
    case 'user.delete':
      return `Deleted the account ${label}`;
    case 'product.create':
      return `Added ${label}`;
    case 'product.update':
      return listed ? `Changed ${label}: ${listed}` : `Changed ${label}`;
    case 'product.archive':
      return `Took ${label} off sale`;
    case 'order.ship': {
      const tracking = [entry.after?.carrier, entry.after?.trackingNumber].filter(Boolean).join(' ');
      return tracking ? `Shipped ${label} (${tracking})` : `Shipped ${label}`;
    }
    case 'order.cancel':
      return entry.after?.reason
        ? `Cancelled ${label}: ${auditValue('reason', entry.after.reason)}`
        : `Cancelled ${label}`;
    case 'order.note':
      return `Added a note to ${label}`;
    case 'order.approve':
      return `Approved ${label} above the member's spending limit`;
    case 'order.decline':
      return `Declined ${label}: ${auditValue('reason', entry.after?.reason)}`;
    case 'order.payment': {
      const { amount, receivedOn, reference } = entry.after ?? {};
      return `Recorded ${auditValue('amount', amount)} received ${auditValue('receivedOn', receivedOn)} on ${label} (reference ${auditValue('reference', reference)})`;
    }
    case 'order.paymentMethod':
      return `Changed how ${label} is paid: ${auditValue('paymentMethod', entry.before?.paymentMethod)} → ${auditValue('paymentMethod', entry.after?.paymentMethod)}`;
    case 'order.enter':
      return `Entered ${label} for ${auditValue('buyer', entry.after?.buyer)}`;
    case 'review.remove':
      return entry.after?.reason
        ? `Removed ${label}: ${auditValue('reason', entry.after.reason)}`
        : `Removed ${label}`;
    case 'enquiry.status':
      return `Marked ${label} ${entry.after?.status === 'answered' ? 'answered' : 'new'}`;
    case 'settings.update':
      return changes.length
        ? `Changed the shop settings: ${changes.map((c) => c.label).join(', ')}`
        : 'Saved the shop settings';
    case 'page.update':
      return changes.length
        ? `Edited the page ${label}: ${changes.map((c) => c.label).join(', ')}`
        : `Saved the page ${label}`;
    case 'priceList.create':
      return `Added the price list ${label}`;
    case 'priceList.update':
      return listed ? `Changed the price list ${label}: ${listed}` : `Saved the price list ${label}`;
    case 'priceList.delete':
      return `Deleted the price list ${label}`;
    case 'user.priceList':
      return entry.after?.priceList
        ? `Gave ${label} the price list ${auditValue('priceList', entry.after.priceList)}`
        : `Set ${label} back to list prices`;
    case 'company.apply':
      return `Applied for a trade account for ${label}`;
    case 'company.create':
      return `Created the company ${label}`;
    case 'company.approve':
      return listed ? `Approved ${label}: ${listed}` : `Approved ${label}`;
    case 'company.decline':
      return `Declined ${label}: ${auditValue('reason', entry.after?.reason)}`;
    case 'company.terms':
      return listed ? `Changed ${label}'s terms: ${listed}` : `Saved ${label}'s terms`;
    case 'company.priceList':
      return entry.after?.priceList
        ? `Gave ${label} the price list ${auditValue('priceList', entry.after.priceList)}`
        : `Set ${label} back to list prices`;
    case 'company.invite':
      return `Invited ${auditValue('email', entry.after?.email)} to ${label}`;
    case 'company.join':
      return `${auditValue('member', entry.after?.member)} joined ${label}`;
    case 'company.spendingLimit':
      return `Set ${auditValue('member', entry.after?.member)}'s spending limit at ${label}: ${auditValue('spendingLimit', entry.before?.spendingLimit)} → ${auditValue('spendingLimit', entry.after?.spendingLimit)}`;
    case 'company.removeMember':
      return `Removed ${auditValue('member', entry.before?.member)} from ${label}`;
    case 'company.withdrawInvitation':
      return `Withdrew the invitation of ${auditValue('email', entry.before?.email)} to ${label}`;
    case 'company.statement':
      return `Issued the statement ${auditValue('statement', entry.after?.statement)} to ${label}, due on ${auditValue('dueOn', entry.after?.dueOn)}`;
    case 'company.payment':
      return `Recorded ${auditValue('amount', entry.after?.amount)} ${auditValue('currency', entry.after?.currency)} received from ${label} (${auditValue('reference', entry.after?.reference)})`;
    case 'company.reversePayment':
      return `Reversed ${auditValue('amount', entry.before?.amount)} ${auditValue('currency', entry.before?.currency)} recorded as received from ${label} (${auditValue('reference', entry.before?.reference)}): ${auditValue('reason', entry.after?.reason)}`;
    case 'quote.create':
      return `Made the quote ${label} for ${auditValue('buyer', entry.after?.buyer)}`;
    case 'quote.withdraw':
      return `Withdrew the quote ${label}`;
    default:
      return listed ? `${entry.kind} on ${label}: ${listed}` : `${entry.kind} on ${label}`;
  }
}
