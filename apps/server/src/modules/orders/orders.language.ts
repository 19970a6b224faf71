import { defaultLanguage, type Language } from '@kanna/shared/domain/languages';
import type { Database } from '../../db/client';
import { type OrderRow, ordersRepository as repo } from './orders.repository';

/**
 * Whose language an order's mails and documents are in (docs/languages.md, "Two languages"):
 * its buyer's — their account's when they chose one, else the language they placed the order in,
 * else English. Mails to the shop stay in English.
 */
export const buyerLanguage = (account: Language | null, placedIn: Language | null): Language =>
  account ?? placedIn ?? defaultLanguage;

/** What an order keeps of the language it was placed in (migration 0023): English, the default, as none. */
export const languageToKeep = (placedIn: Language): Language | null =>
  placedIn === defaultLanguage ? null : placedIn;

/** The language of an order's buyer, their account read now. */
export async function orderLanguage(
  db: Database,
  order: Pick<OrderRow, 'userId' | 'language'>,
): Promise<Language> {
  return buyerLanguage(await repo.accountLanguage(db, order.userId), order.language ?? null);
}
