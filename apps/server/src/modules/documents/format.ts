import { type Currency, formatIn, toMajor } from '@kanna/shared';
import { dayAndTime } from '../../lib/day-and-time';

/** How the documents write amounts, rates, dates and countries, in one language and time zone. */
export type Formats = {
  /** Minor units of the document's currency: '$1,234.50', '¥12,000'. */
  money: (minor: number) => string;
  /** A rate in basis points as a percentage: 1000 → '10', 825 → '8.25'. */
  percent: (bp: number) => string;
  yen: (yen: number) => string;
  date: (at: Date) => string;
  /** A date and time, the zone named on a line below: `26 Nov 2026, 17:05\n(Asia/Tokyo)`. */
  dateTime: (at: Date) => string;
  country: (code: string) => string;
};

/** Making a formatter costs far more than using one: kept per language and zone. */
const kept = new Map<string, Formats>();

export function formats(locale: string, timeZone: string, currency: Currency): Formats {
  const key = `${locale} ${timeZone} ${currency}`;
  let found = kept.get(key);
  if (found) return found;
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat(locale, { ...dayAndTime, timeZone });
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const upToTwo = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  found = {
    money: (minor) => formatIn(toMajor(minor, currency), currency),
    percent: (bp) => upToTwo.format(bp / 100),
    yen: (yen) => `¥${Number.isInteger(yen) ? whole.format(yen) : upToTwo.format(yen)}`,
    date: (at) => day.format(at),
    // The zone on a line of its own: in a document's narrow facts column it was cut at its slash.
    dateTime: (at) => `${time.format(at)}\n(${timeZone})`,
    country: (code) => regions.of(code) ?? code,
  };
  kept.set(key, found);
  return found;
}

/**
 * Tax in cents converted to whole yen at `yenPerDollar`, rounded down: worked in integers (the
 * rate to four decimals), so a binary fraction never costs a yen, and the largest order's tax at
 * the largest rate stays exact.
 */
export function taxInYen(taxCents: number, yenPerDollar: number): number {
  const rate = BigInt(Math.round(yenPerDollar * 10_000));
  return Number((BigInt(taxCents) * rate) / 1_000_000n);
}

/** Text as lines: trimmed, empty ones dropped (addresses may hold several, typed with any breaks). */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
