import type { Language } from '@kanna/shared/domain/languages';
import { useShopSettings } from '../api/get-settings';
import { localeOf, useLanguage } from './i18n';

// An order's times (placed, held until, paid, shipped, a transfer's deadline) are the shop's: the
// mails and documents write them in its time zone (SHOP_TIME_ZONE, answered by GET /api/settings),
// so the pages do too, in the page's language: 'Nov 27, 2026, 10:30 AM', '2026年11月27日 10:30'.

const formats = new Map<string, Intl.DateTimeFormat>();

const styles: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { dateStyle: 'medium', timeStyle: 'short' },
  ja: { dateStyle: 'long', timeStyle: 'short' },
};

/** `iso` in `language`'s format, in `timeZone` (the reader's own while the shop's is not known yet). */
function formatShopTime(iso: string, language: Language, timeZone?: string): string {
  const key = `${language} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { ...styles[language], timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** `formatShopTime` in the language the component renders in and the shop's time zone. */
export function useShopTime(): (iso: string) => string {
  const language = useLanguage();
  const timeZone = useShopSettings().data?.timeZone;
  return (iso) => formatShopTime(iso, language, timeZone);
}

/** A day as the pages write it: 'Dec 24, 2026', '2026年12月24日'. */
const dayStyle = (language: Language): Intl.DateTimeFormatOptions => ({
  dateStyle: language === 'ja' ? 'long' : 'medium',
});

/**
 * The shop's day of a moment (`2026-12-06T20:00:00Z` → 'Dec 7, 2026', '2026年12月7日' in Tokyo): what
 * happened on a day, said as `formatDay` says a calendar day, in the shop's time zone.
 */
export function useShopDay(): (iso: string) => string {
  const language = useLanguage();
  const timeZone = useShopSettings().data?.timeZone;
  return (iso) =>
    new Intl.DateTimeFormat(localeOf(language), { ...dayStyle(language), timeZone }).format(new Date(iso));
}

/** A calendar day (`2026-12-24`, a delivery date asked for) in `language`'s words: 'Dec 24, 2026', '2026年12月24日'. */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { ...dayStyle(language), timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Today in the shop's time zone (the reader's own while it is not known yet), as `2026-12-24`. */
export function useShopToday(): string {
  const timeZone = useShopSettings().data?.timeZone;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}
