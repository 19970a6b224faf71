import { auditKindLabel } from '@kanna/shared/domain/audit';
import type { Texts } from '@kanna/shared/domain/translation';

const entries = (n: number) => (n === 1 ? '1 entry' : `${n.toLocaleString('en-US')} entries`);

/** The audit log's screen: its filters and its entries (their sentences are @kanna/shared's domain/audit). */
export default {
  /** A kind as the filter and an entry's badge name it. */
  kinds: auditKindLabel,
  title: 'Audit log',
  description: 'Every administrator action in the Kanna shop: who, when and what changed.',
  lead: 'Every administrator action, newest first: who, when and what changed. Entries cannot be edited or deleted.',
  updating: 'Updating the log…',
  shown: (n: number, more: boolean) => `${entries(n)} shown${more ? ', newest first; more below' : ''}.`,
  loading: 'Loading the audit log',
  notLoaded: 'The audit log could not be loaded.',
  noMatch: 'No entries match these filters.',
  none: 'No admin actions recorded yet.',
  clearFilters: 'Clear filters',
  list: 'Audit log entries, newest first',
  loadMore: 'Load more entries',
  /** After an admin's name: their e-mail address. */
  actorEmail: (email: string) => ` (${email})`,
  changes: 'Changes',
  /** Between a field's old and new value, for screen readers (the arrow is hidden from them). */
  changedTo: ' changed to ',
  filter: 'Filter the audit log',
  admin: 'Admin',
  adminHint: "The admin's e-mail address.",
  kind: 'Kind',
  everyKind: 'Every kind',
  from: 'From',
  to: 'To',
  backwards: 'From is after To: no entry can match.',
  datesHint: 'Dates are days in the shop’s time zone, both included.',
} satisfies Texts;
