import { prefectureStems } from './destination';

/**
 * The buyer's address book (docs/rules.md, "The buyer's company and address book"): one billing
 * address and up to 20 delivery addresses per account, each written for the orders as one text
 * (`addressText`). Free of zod: the checkout form, the address book's screens and the server use
 * the same functions.
 */

/** At most this many delivery addresses per account… */
export const MAX_DELIVERY_ADDRESSES = 20;
/** …and one billing address (a second is refused: edit the one there is). */
export const addressKinds = ['billing', 'delivery'] as const;
export type AddressKind = (typeof addressKinds)[number];

/** The country whose addresses are written the Japanese way (ISO 3166-1 alpha-2). */
export const JAPAN = 'JP';

const ken = (stem: string) => `${stem}県`;
const after = (stem: string) => prefectureStems.indexOf(stem) + 1;

/** The 47 prefectures as Japanese writes them, in the order of their JIS codes (北海道 first, 沖縄県 last). */
export const prefectures: readonly string[] = [
  '北海道',
  ...prefectureStems.slice(0, after('千葉')).map(ken),
  '東京都',
  ...prefectureStems.slice(after('千葉'), after('滋賀')).map(ken),
  '京都府',
  '大阪府',
  ...prefectureStems.slice(after('滋賀')).map(ken),
];

/** Seven digits however typed (full-width, with 〒, a hyphen or spaces), or null. */
export function sevenDigits(text: string): string | null {
  const digits = text.normalize('NFKC').trim().replace(/^〒/, '').replace(/[-\s]/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
}

/** A Japanese postal code as it is written: `104-0061`. */
export const writtenPostalCode = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3)}`;

/** Where an entry is, as the address book keeps it: the Japanese parts, or a foreign address's lines. */
export type EntryPlace = {
  country: string;
  postalCode?: string | null;
  prefecture?: string | null;
  city?: string | null;
  street?: string | null;
  building?: string | null;
  line1?: string | null;
  line2?: string | null;
  region?: string | null;
};

const present = (parts: (string | null | undefined)[]) =>
  parts.map((p) => p?.trim() ?? '').filter((p) => p !== '');

/**
 * An entry written as the one text an order's address is (the checkout's address field): in Japan
 * the largest part first, `〒104-0061 東京都 中央区銀座 1-2-3 銀座ビル5F`; elsewhere the lines, then
 * city, region and postal code, `12 Baker Street, Flat 2, London, Greater London, NW1 6XE`.
 */
export function addressText(place: EntryPlace): string {
  if (place.country === JAPAN) {
    const digits = sevenDigits(place.postalCode ?? '');
    const code = digits ? `〒${writtenPostalCode(digits)}` : null;
    return present([code, place.prefecture, place.city, place.street, place.building]).join(' ');
  }
  return present([place.line1, place.line2, place.city, place.region, place.postalCode]).join(', ');
}

/** An account's address as its profile keeps it (spec §7: street, city, district and country). */
export type ProfilePlace = {
  streetAddress?: string | null;
  city?: string | null;
  district?: string | null;
  country?: string | null;
};

/**
 * A profile's address as an order's one text, where an order starts from it (the buyer's first
 * checkout, an order the shop enters for them): in Japan as Japanese addresses are written, the
 * largest part first (district — the prefecture —, city, street); elsewhere street, city, district.
 */
export function profileAddressText(profile: ProfilePlace | null | undefined): string {
  const parts = present([profile?.streetAddress, profile?.city, profile?.district]);
  return profile?.country === JAPAN ? parts.reverse().join(' ') : parts.join(', ');
}

/** 〒, the postal code, a prefecture, the city (to the first space), then the street and building. */
const writtenInJapan = new RegExp(
  `^〒?\\s*(\\d{3}-?\\d{4})\\s*(${prefectures.join('|')})\\s*(\\S+)\\s+(.+)$`,
  'u',
);

/**
 * The checkout's one-text address read back into an entry's parts, to save it in the address
 * book: a Japanese one as `addressText` and the postal-code lookup write it (〒, postal code,
 * prefecture, city, then the street and building); a foreign one as lines separated by commas, the
 * first the street and the last the city. Null when the text is not written so (the buyer then adds
 * it in the address book).
 */
export function placeFromText(text: string, country: string): EntryPlace | null {
  const written = text.trim();
  if (country === JAPAN) {
    const found = writtenInJapan.exec(written.normalize('NFKC'));
    const [, code, prefecture, city, street] = found ?? [];
    const digits = sevenDigits(code ?? '');
    if (!digits || !prefecture || !city || !street) return null;
    return { country, postalCode: writtenPostalCode(digits), prefecture, city, street: street.trim() };
  }
  const parts = present(written.split(/[,\n]/));
  const line1 = parts[0];
  const city = parts.at(-1);
  if (parts.length < 2 || !line1 || !city) return null;
  const line2 = parts.slice(1, -1).join(', ');
  return { country, line1, line2: line2 || null, city };
}
