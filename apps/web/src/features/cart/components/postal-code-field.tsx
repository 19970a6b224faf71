import { getPostalCode } from '@kanna/shared/api/addresses';
import { sevenDigits } from '@kanna/shared/domain/address-book';
import { type ReactNode, useId, useRef, useState } from 'react';
import { ApiError, call } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { cartTexts } from '../i18n';

/**
 * A Japanese address starts with its postal code (docs/rules.md, "Japanese addresses"):
 * once seven digits are typed the shop's table names the prefecture, city and town, which
 * `onFound` puts at the start of the address (`〒104-0061 東京都中央区銀座 `) for the buyer to add
 * the street and building. A code no place has is said, and the address is left as it is.
 */
export function PostalCodeField({ onFound }: { onFound: (start: string) => void }) {
  const t = useTexts(cartTexts);
  const id = useId();
  const [status, setStatus] = useState<{ text: ReactNode; error: boolean } | null>(null);
  const asked = useRef<string | null>(null);

  const lookUp = async (typed: string) => {
    const code = sevenDigits(typed);
    if (!code || code === asked.current) return;
    asked.current = code;
    setStatus({ text: t.lookingUp, error: false });
    try {
      const found = await call(getPostalCode, { params: { code } });
      if (asked.current !== code) return;
      const [place] = found.places;
      if (!place) return;
      const start = `〒${found.postalCode} ${place.prefecture}${place.city}${place.town}`;
      setStatus({ text: t.addStreet(`${place.prefecture}${place.city}${place.town}`), error: false });
      onFound(`${start} `);
    } catch (error) {
      if (asked.current !== code) return;
      const unknown = error instanceof ApiError && error.statusCode === 404;
      setStatus({
        text: unknown ? t.noSuchCode : t.notLookedUp,
        error: true,
      });
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t.postalCode}
      </label>
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="text-base-content/80">
          〒
        </span>
        <input
          id={id}
          className="input w-40 tabular-nums"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="104-0061"
          maxLength={10}
          aria-describedby={`${id}-status`}
          onChange={(event) => void lookUp(event.target.value)}
        />
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={`text-sm ${status?.error ? 'text-error' : 'text-base-content/80'}`}
      >
        {status?.text ?? t.sevenDigits}
      </p>
    </div>
  );
}
