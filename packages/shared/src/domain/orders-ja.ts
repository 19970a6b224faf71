import { formatAmount } from './money';
import type { adminStateLabel, customerStateLabel } from './orders';
import type { Translation } from './translation';

// The order states' words in Japanese (docs/languages.md, "Two languages"), key for key with
// orders.ts: a state added there without its Japanese here is a type error. The English stay the
// CSV export's and the English screens' words.

/** The buyer's words for each state, in Japanese. */
export const customerStateLabelJa: Translation<typeof customerStateLabel> = {
  unpaid: '未払い',
  paid: '支払い済み',
  shipped: '発送済み',
  cancelled: 'キャンセル済み',
  on_account: '掛売り',
  account_shipped: '出荷済（掛売り）',
  awaiting_approval: '承認待ち',
};

/** The admin's words for each state, in Japanese: Pending is paid and waiting to be shipped. */
export const adminStateLabelJa: Translation<typeof adminStateLabel> = {
  unpaid: '未払い',
  paid: '発送待ち',
  shipped: '発送済み',
  cancelled: 'キャンセル済み',
  on_account: '掛売り',
  account_shipped: '出荷済（掛売り）',
  awaiting_approval: '承認待ち',
};

/** `partlyPaidLabel`'s words in Japanese: what an unpaid order received so far by transfer. */
export const partlyPaidJa = (amountPaid: number, amountDue: number): string =>
  `一部入金 ${formatAmount(amountPaid)}／${formatAmount(amountDue)}`;
