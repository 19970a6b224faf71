import type { Language } from '@kanna/shared/domain/languages';
import { localeOf } from '../../lib/i18n';

// Money: formatAmount ('$1,234.50') from @kanna/shared/domain/money, in every language.
// Times of day: lib/shop-time.ts (the shop's time zone, the page's language).

export const formatCount = (n: number, language: Language = 'en'): string =>
  n.toLocaleString(localeOf(language));

/** "May 1, 2024", "2024年5月1日" — the same on every machine (dates are shown in UTC, as the server counts weeks). */
export const formatDate = (iso: string, language: Language = 'en'): string =>
  new Date(iso).toLocaleDateString(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "Mar 3", "3月3日" for a week's Monday (YYYY-MM-DD). */
export const formatWeek = (day: string, language: Language = 'en'): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(localeOf(language), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A week's Monday under its bar, where room is short: "Mar 3" in English, "3/3" in Japanese. */
export const formatWeekShort = (day: string, language: Language = 'en'): string =>
  language === 'ja'
    ? new Date(`${day}T00:00:00Z`).toLocaleDateString('ja-JP', {
        month: 'numeric',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : formatWeek(day, language);
