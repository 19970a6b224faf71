import type { PostalPlace } from '@kanna/shared/addresses';
import { getPostalCode } from '@kanna/shared/api/addresses';
import { sevenDigits } from '@kanna/shared/domain/address-book';
import { useRef, useState } from 'react';
import { ApiError, call } from '../lib/api-client';

/** Where a lookup stands: asked, a place found, no place has the code, or the shop could not be asked. */
export type PostalLookup =
  | { state: 'looking' }
  | { state: 'found'; place: PostalPlace }
  | { state: 'unknown' }
  | { state: 'failed' }
  | null;

/**
 * A Japanese postal code looked up as it is typed (docs/rules.md, "Japanese addresses"): once
 * seven digits are there, the shop's table (`GET /api/postal-codes/{code}`) names the place, and
 * `onFound` is told its first place and the code as written (`104-0061`). An answer to a code
 * typed over since is dropped. The checkout's postal-code field and the address book's form use it.
 */
export function usePostalCodeLookup(onFound: (place: PostalPlace, postalCode: string) => void) {
  const [status, setStatus] = useState<PostalLookup>(null);
  const asked = useRef<string | null>(null);

  const lookUp = async (typed: string) => {
    const code = sevenDigits(typed);
    if (!code || code === asked.current) return;
    asked.current = code;
    setStatus({ state: 'looking' });
    try {
      const found = await call(getPostalCode, { params: { code } });
      const [place] = found.places;
      if (asked.current !== code || !place) return;
      setStatus({ state: 'found', place });
      onFound(place, found.postalCode);
    } catch (error) {
      if (asked.current !== code) return;
      setStatus({ state: error instanceof ApiError && error.statusCode === 404 ? 'unknown' : 'failed' });
    }
  };

  return { status, lookUp };
}

/** A place as one name, the largest part first: 東京都中央区銀座. */
export const placeName = (place: PostalPlace) => `${place.prefecture}${place.city}${place.town}`;

/** Whether the lookup ended without a place (said in red). */
export const lookupFailed = (status: PostalLookup) =>
  status?.state === 'unknown' || status?.state === 'failed';

/** What to say of a lookup, in the words a form gives for each state; null before any. */
export function lookupSaid(
  status: PostalLookup,
  words: { looking: string; found: (place: string) => string; unknown: string; failed: string },
): string | null {
  if (status === null) return null;
  return status.state === 'found' ? words.found(placeName(status.place)) : words[status.state];
}
