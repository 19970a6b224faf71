import {
  type CancelledDetail,
  type Currency,
  formatIn,
  isCancelled,
  isUnpaid,
  type PaymentRecordedDetail,
  toMajor,
} from '@kanna/shared';
import type { OrderRow } from './orders.repository';

/** Minor units as the history writes an amount in the order's currency: '$1,234.50', '¥123,450'. */
const money = (minor: number, currency: Currency) => formatIn(toMajor(minor, currency), currency);

/*
 * The shop's own words in an order's history (a recorded bank transfer; a cancel's hold that ran
 * out and the transfers owed back): written here in English (the stored note, which every
 * release shows as it is), and read back here into facts a page says in its own language. The
 * writer and the reader of each form live together.
 */

/** Money received by bank transfer, as the admin's dialog sends it (the contract has checked its form). */
export type ReceivedPayment = { amount: number; receivedOn: string; reference: string };

/**
 * What the history says about one recorded payment: how much, when, under which reference, and
 * what it did to the order — or why it is owed back.
 */
export function paymentNote(
  payment: ReceivedPayment,
  before: OrderRow,
  after: OrderRow,
  refundCents: number,
) {
  const { currency } = before;
  const dollars = (minor: number) => money(minor, currency);
  const said = `${formatIn(payment.amount, currency)} received ${payment.receivedOn}, reference ${payment.reference}`;
  if (isCancelled(before)) return `${said}; to be given back: the order was cancelled`;
  if (!isUnpaid(before)) return `${said}; to be given back: the order was already paid`;
  if (refundCents > 0) return `${said}; ${dollars(refundCents)} beyond the amount due is to be given back`;
  if (isUnpaid(after))
    return `${said}; partly paid ${dollars(after.transferPaidCents)} of ${dollars(after.amountDueCents)}`;
  return said;
}

const amount = String.raw`[$¥]([\d,]+(?:\.\d{2})?)`;
const form = new RegExp(
  String.raw`^${amount} received (\d{4}-\d{2}-\d{2}), reference (.*?)` +
    `(?:; (?:to be given back: the order was (cancelled|already paid)|${amount} beyond the amount due is to be given back|partly paid ${amount} of ${amount}))?$`,
  's',
);
/** An amount as the note wrote it, in its currency's major unit (dollars with cents, or whole yen). */
const majorUnits = (written: string) => Math.round(Number(written.replaceAll(',', '')) * 100) / 100;

/** The note's words for money to be given back (`paymentNote`'s), as the page's facts name them. */
const givenBackWords = ['cancelled', 'already paid'] as const;
const isGivenBackWord = (w: string | undefined): w is (typeof givenBackWords)[number] =>
  (givenBackWords as readonly (string | undefined)[]).includes(w);

/** The facts of a note `paymentNote` wrote; undefined for any other text. */
export function paymentDetail(note: string | null): PaymentRecordedDetail | undefined {
  const m = note ? form.exec(note) : null;
  if (!m) return undefined;
  const [, paidIn = '0', receivedOn = '', reference = '', givenBack, refund, paid, due] = m;
  const facts = { kind: 'payment recorded' as const, amount: majorUnits(paidIn), receivedOn, reference };
  if (isGivenBackWord(givenBack)) return { ...facts, outcome: givenBack };
  if (refund) return { ...facts, outcome: 'overpaid', refund: majorUnits(refund) };
  if (paid && due) return { ...facts, outcome: 'partly paid', paid: majorUnits(paid), due: majorUnits(due) };
  return { ...facts, outcome: 'counted' };
}

/** A cancel's reason when the shop let an unpaid order go because its hold ran out. */
export const HOLD_RAN_OUT = 'the hold ran out';

const owedBack = ' received by bank transfer is to be given back';

/** A cancel's note, saying what the shop owes back of the transfers recorded on the order, if any. */
export function cancelNote(reason: string | null, owedBackCents: number, currency: Currency): string | null {
  if (owedBackCents <= 0) return reason;
  const owed = `${money(owedBackCents, currency)}${owedBack}`;
  return reason ? `${reason}; ${owed}` : owed;
}

const owedForm = new RegExp(`^(?:(.*); )?${amount}${owedBack}$`, 's');

/**
 * The facts of a cancel's note `cancelNote` wrote, where it holds the shop's own words (the hold
 * ran out, transfers owed back); undefined for a reason someone typed, which is shown as it is.
 */
export function cancelDetail(note: string | null): CancelledDetail | undefined {
  if (!note) return undefined;
  const owed = owedForm.exec(note);
  const reason = owed ? (owed[1] ?? null) : note;
  const holdRanOut = reason === HOLD_RAN_OUT;
  if (!owed && !holdRanOut) return undefined;
  return {
    kind: 'cancelled',
    reason: holdRanOut ? null : reason,
    holdRanOut,
    ...(owed?.[2] ? { owedBack: majorUnits(owed[2]) } : {}),
  };
}
