/**
 * Instants a client hands the server for a database `timestamptz`: the admin's `from`/`to`
 * (`2026-11-24`, `2026-11-24T09:30:00+09:00`) and the time a list's cursor carries, as
 * PostgreSQL wrote it (`2026-11-24 00:30:00.123456+00`). PostgreSQL refuses a day the month
 * does not have, the year 0000 or an offset of +99:99 with an error, so each part is checked
 * here first: a real calendar date from `FIRST_YEAR` to `LAST_YEAR`, a time of day before
 * 24:00 (no leap second), an offset within ±14:00 (the widest any place uses), and an instant
 * that, in UTC, is still within those years.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 9999;
const MAX_OFFSET_MINUTES = 14 * 60;

const written =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Whether `text` is a date, or a date and time, that names a real instant (see above). */
export function isRealTimestamp(text: string): boolean {
  const parts = written.exec(text);
  if (!parts) return false;
  const sign = parts[7] === '-' ? -1 : 1;
  const [year, month, day, hour = 0, minute = 0, second = 0, , offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((p) => (p === undefined || p === '+' || p === '-' ? undefined : Number(p)));
  if (
    !(
      year !== undefined &&
      month !== undefined &&
      day !== undefined &&
      year >= FIRST_YEAR &&
      year <= LAST_YEAR &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= daysIn(year, month) &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59 &&
      offsetMinutes <= 59 &&
      offsetHours * 60 + offsetMinutes <= MAX_OFFSET_MINUTES
    )
  )
    return false;
  // The instant itself, in UTC, lies in those years too: 9999-12-31T23:59:59-14:00 is in the
  // year 10000, which JavaScript writes +010000-… and PostgreSQL then refuses.
  const utcYear = new Date(
    Date.UTC(year, month - 1, day, hour, minute - sign * (offsetHours * 60 + offsetMinutes), second),
  ).getUTCFullYear();
  return utcYear >= FIRST_YEAR && utcYear <= LAST_YEAR;
}
