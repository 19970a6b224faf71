import { dollarsToCents, formatIn, formatMoney } from '@kanna/shared/domain/money';
import { listPrices } from '@kanna/shared/domain/yen-prices';
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n';
import { adminTexts } from '../i18n';
import type { ProductFormOutput, ProductFormValues } from '../product-form-schema';

interface DerivedYenProps {
  control: Control<ProductFormValues, unknown, ProductFormOutput>;
  /** The shop's yen per dollar; null: none set; undefined: not known yet (nothing is said). */
  yenPerDollar: number | null | undefined;
}

/** A positive number typed as text, or null. */
const typed = (text: string) => {
  const n = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The breaks typed in full, in the currency's minor unit (`toMinor`): the ones half typed are left out. */
const typedBreaks = (rows: ProductFormValues['volumePrices'], toMinor: (major: number) => number) =>
  rows.flatMap((b) => {
    const [from, price] = [typed(b.minQuantity), typed(b.perPrice)];
    return from !== null && price !== null ? [{ minQuantity: from, price: toMinor(price) }] : [];
  });

/**
 * What the yen prices left empty will be (`listPrices`, as the server prices an order in yen):
 * the dollar price and breaks at the shop's rate, rounded up to ¥10, or the dollar breaks'
 * discounts on the yen price typed; without a rate, that yen prices are not set.
 */
export function DerivedYen({ control, yenPerDollar }: DerivedYenProps) {
  const t = useTexts(adminTexts).form;
  const [perPrice, volumePrices, perPriceYen, volumePricesYen] = useWatch({
    control,
    name: ['perPrice', 'volumePrices', 'perPriceYen', 'volumePricesYen'],
  });
  const dollars = typed(perPrice);
  const yen = perPriceYen.trim() === '' ? null : typed(perPriceYen);
  const dollarBreaks = typedBreaks(volumePrices, dollarsToCents);
  const prices =
    dollars === null
      ? null
      : listPrices(
          { price: dollarsToCents(dollars), breaks: dollarBreaks, priceYen: yen, breaksYen: null },
          { currency: 'JPY', yenPerDollar: yenPerDollar ?? null },
        );
  const breaks = prices?.breaks.map((b) => (
    <li key={b.minQuantity}>{t.derivedBreak(b.minQuantity, formatIn(b.price, 'JPY'))}</li>
  ));

  let said: ReactNode = null;
  if (perPriceYen.trim() === '') {
    if (yenPerDollar === null) said = <p>{t.yenNotSet}</p>;
    else if (yenPerDollar !== undefined)
      said = prices ? (
        <>
          <p>
            {t.derivedYen(
              formatIn(prices.price, 'JPY'),
              formatMoney(dollars ?? 0),
              t.perDollar(yenPerDollar),
            )}
          </p>
          {breaks?.length ? (
            <>
              <p>{t.derivedBreaks}</p>
              <ul className="list-inside list-disc">{breaks}</ul>
            </>
          ) : null}
        </>
      ) : (
        <p>{t.derivedOnceDollar(t.perDollar(yenPerDollar))}</p>
      );
  } else if (yen !== null && Number.isInteger(yen) && volumePricesYen.length === 0 && breaks?.length) {
    said = (
      <>
        <p>{t.yenBreaksDerived}</p>
        <ul className="list-inside list-disc">{breaks}</ul>
      </>
    );
  }
  if (!said) return null;
  return <div className="-mt-2 flex flex-col gap-1 text-sm text-base-content/80">{said}</div>;
}
