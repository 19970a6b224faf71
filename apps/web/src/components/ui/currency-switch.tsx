import type { Currency } from '@kanna/shared/domain/money';
import { useTexts } from '../../lib/i18n';
import { chooseCurrency, useShownCurrency } from '../../lib/shown-currency';
import { uiTexts } from './i18n/first';

const shown: readonly Currency[] = ['JPY', 'USD'];

/**
 * The currency switch where prices are shown (the catalogue, a tool's page): prices in yen or in
 * dollars, whatever the language, the choice kept in this browser. Only in a shop that prices in
 * yen (`offered`: the tools shown carry yen prices); what an order is charged in still follows
 * where it goes.
 */
export function CurrencySwitch({ offered, className = '' }: { offered: boolean; className?: string }) {
  const t = useTexts(uiTexts);
  const current = useShownCurrency();
  if (!offered) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, named for screen readers
    <div role="group" aria-label={t.showPricesIn} className={`join ${className}`}>
      {shown.map((currency) => (
        <button
          key={currency}
          type="button"
          className={`btn btn-sm join-item ${currency === current ? 'btn-active' : 'btn-ghost'}`}
          aria-pressed={currency === current}
          onClick={() => chooseCurrency(currency)}
        >
          {t.currencyNames[currency]}
        </button>
      ))}
    </div>
  );
}
