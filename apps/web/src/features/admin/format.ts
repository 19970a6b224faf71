const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** $1,234.50 */
export const formatMoney = (amount: number): string => dollars.format(amount);
/** $1,235 — for chart axes and labels, where cents are noise. */
export const formatMoneyShort = (amount: number): string => wholeDollars.format(amount);

export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** "May 1, 2024" — the same on every machine (dates are shown in UTC, as the server counts weeks). */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "Mar 3" for a week's Monday (YYYY-MM-DD). */
export const formatWeek = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
