import { z } from 'zod';
import { dollarsField, volumePricesField } from './catalog';
import { says, told } from './domain/messages';
import {
  MAX_FIXED_PRICES,
  MAX_PERCENT_BP,
  MIN_PERCENT_BP,
  PRICE_LIST_NAME_MAX,
  priceListCurrencies,
} from './domain/price-lists';
import { oneLine } from './users';

/**
 * Price lists (掛率, decision 0060) on the wire, for administrators only: the rate as a percentage
 * of the list price (85 or 85.5), fixed prices in major units (dollars with at most two decimals)
 * as every price of the API. A buyer never reads a list: their catalogue and cart simply show
 * their prices.
 */

const MIN_PERCENT = MIN_PERCENT_BP / 100;
const MAX_PERCENT = MAX_PERCENT_BP / 100;
const percentMessage = told(says.priceListPercentInvalid(MIN_PERCENT, MAX_PERCENT));

export const priceListName = z
  .string(told(says.priceListNameRequired))
  .trim()
  .min(1, told(says.priceListNameRequired))
  .max(PRICE_LIST_NAME_MAX, told(says.priceListNameTooLong(PRICE_LIST_NAME_MAX)))
  .refine(oneLine, told(says.priceListNameRequired));

export const priceListPercent = z
  .number(percentMessage)
  .min(MIN_PERCENT, percentMessage)
  .max(MAX_PERCENT, percentMessage)
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), percentMessage);

export const fixedPriceFields = z.object({
  toolId: z.uuid(told(says.idInvalid)),
  currency: z.enum(priceListCurrencies, told(says.priceListCurrencyUnknown)),
  /** The tool's price for this list, in the currency's major unit. */
  price: dollarsField,
  /** Its own breaks; absent or null: the tool's breaks scaled by this price ÷ its list price. */
  volumePrices: volumePricesField.nullish(),
});
export type FixedPriceFields = z.input<typeof fixedPriceFields>;

export const priceListRequest = z.object({
  name: priceListName,
  percent: priceListPercent,
  fixedPrices: z
    .array(fixedPriceFields)
    .max(MAX_FIXED_PRICES, told(says.priceListTooManyPrices(MAX_FIXED_PRICES)))
    .default([]),
});
export type PriceListRequest = z.input<typeof priceListRequest>;
/** A request as the server reads it, once checked. */
export type PriceListInput = z.output<typeof priceListRequest>;

export const priceList = z.object({
  id: z.string(),
  name: z.string(),
  percent: z.number(),
  fixedPrices: z.array(
    z.object({
      toolId: z.string(),
      /** The tool's name as the catalogue has it, and whether it is still on sale. */
      productName: z.string(),
      onSale: z.boolean(),
      currency: z.enum(priceListCurrencies),
      price: z.number(),
      volumePrices: z.array(z.object({ minQuantity: z.number().int(), perPrice: z.number() })).nullable(),
    }),
  ),
  /** The buyers (e-mail addresses) who pay this list's prices. */
  buyers: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof priceList>;
export const priceLists = z.array(priceList);

export const buyerPriceListRequest = z.object({
  /** The list the buyer pays; null: the list price. */
  priceListId: z.uuid(told(says.idInvalid)).nullable(),
});
export type BuyerPriceListRequest = z.input<typeof buyerPriceListRequest>;
