// Money: formatAmount ('$1,234.50') from @kanna/shared/domain/money.

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

/** "Nov 26, 2026, 5:05 PM" in the browser's time zone: when something happened. */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
