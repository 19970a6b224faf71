import type { Language } from './languages';

/**
 * The carriers most Japanese shops ship with, offered in the admin's ship form: each by its name
 * in both languages, and where its tracking page for a number is. The carrier stays free text
 * (another is typed as it is called); one of these, named in either language, is recognised.
 */
export type Carrier = {
  names: Record<Language, string>;
  /** The carrier's page showing where the parcel with `number` is, in `language` where it has one. */
  tracking: (number: string, language: Language) => string;
};

export const carriers: readonly Carrier[] = [
  {
    names: { en: 'Yamato Transport', ja: 'ヤマト運輸' },
    tracking: (n) => `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${n}`,
  },
  {
    names: { en: 'Sagawa Express', ja: '佐川急便' },
    tracking: (n) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
  },
  {
    names: { en: 'Japan Post', ja: '日本郵便' },
    tracking: (n, language) =>
      `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&locale=${language}`,
  },
];

/** A name as typed, compared: full-width letters folded, case and spaces ignored. */
const folded = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** The carrier `name` is one of, in either language; undefined for another carrier. */
const knownCarrier = (name: string | null | undefined): Carrier | undefined =>
  name ? carriers.find((c) => Object.values(c.names).some((n) => folded(n) === folded(name))) : undefined;

/** A carrier as a buyer reads it: a known one by its name in `language`, another as it was typed. */
export const carrierName = (name: string, language: Language): string =>
  knownCarrier(name)?.names[language] ?? name;

/**
 * The carrier's tracking page for `trackingNumber` (its spaces and hyphens left out, as the
 * pages take it), or null for another carrier or no number.
 */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
  language: Language,
): string | null {
  const known = knownCarrier(carrier);
  const number = (trackingNumber ?? '').normalize('NFKC').replace(/[\s-]+/g, '');
  return known && number ? known.tracking(encodeURIComponent(number), language) : null;
}
