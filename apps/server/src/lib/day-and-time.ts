/**
 * How a mail and a document write a moment: day, short month, year, then the 24-hour time, in
 * the reader's locale; the caller adds the shop's time zone.
 */
export const dayAndTime = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;
