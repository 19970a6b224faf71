import type { Currency } from '@kanna/shared/domain/money';
import { useSyncExternalStore } from 'react';
import { useHydrated } from './hydrated';
import { useLanguage } from './i18n';

/*
 * The currency the catalogue and a tool's page show prices in (docs/rules.md, "Yen and dollars"):
 * yen for a reader of Japanese, dollars for a reader of English, unless the reader chose the other
 * with the currency switch (kept in this browser). Only where the shop prices in yen — a tool
 * without `yen` is shown in dollars. What an order is charged in follows its destination, not this.
 */

const KEY = 'kanna.currency';
const listeners = new Set<() => void>();

function stored(): Currency | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'JPY' || value === 'USD' ? value : null;
  } catch {
    return null;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Keeps `currency` as this browser's choice and shows every price in it at once. */
export function chooseCurrency(currency: Currency): void {
  try {
    window.localStorage.setItem(KEY, currency);
  } catch {
    // A browser that keeps nothing still switches for this page.
  }
  chosenNow = currency;
  for (const listener of listeners) listener();
}

/** The choice made on this page when the browser could not keep it. */
let chosenNow: Currency | null = null;

/**
 * The currency prices are shown in. The page the server drew (and its hydration) shows the
 * language's; a choice kept in this browser applies once the page is hydrated.
 */
export function useShownCurrency(): Currency {
  const language = useLanguage();
  const hydrated = useHydrated();
  const choice = useSyncExternalStore(
    subscribe,
    () => chosenNow ?? stored(),
    () => null,
  );
  return (hydrated ? choice : null) ?? (language === 'ja' ? 'JPY' : 'USD');
}
