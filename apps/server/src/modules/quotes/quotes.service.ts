import { randomUUID } from 'node:crypto';
import { orderCurrency } from '@kanna/shared/domain/charges';
import type { Language } from '@kanna/shared/domain/languages';
import { DEFAULT_PAGE_SIZE, MAX_OPEN_QUOTE_REQUESTS } from '@kanna/shared/domain/limits';
import { says } from '@kanna/shared/domain/messages';
import { quoteRequestStateAt, quoteStateAt } from '@kanna/shared/domain/order-state';
import type {
  QuoteRequest,
  QuoteRequestLine,
  QuoteRequestRequest,
  QuoteRequestsQuery,
} from '@kanna/shared/quotes';
import type { ShopSettingsFields } from '@kanna/shared/shop-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, type FieldError, fieldsRefused } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import type { Page } from '../../lib/paging';
import { pricedToolIn } from '../catalog/priced-tool';
import type { Mailer } from '../mail/mailer';
import { quoteRequestMail } from './quotes.mail';
import {
  type QuoteLineRow,
  type QuotesTx,
  type RequestWhole,
  quotesRepository as repo,
  type ToolRow,
} from './quotes.repository';

export type QuotesDeps = {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The shop's settings as they are now: where it charges in yen, and its yen rate. */
  settings: () => Promise<YenSettings>;
  now?: () => Date;
};

/** What a request's view reads of the shop's settings: where it charges in yen, and its yen rate. */
type YenSettings = Pick<ShopSettingsFields, 'tax' | 'yenCountries' | 'yenPerDollar'>;

/** The currency a buyer's orders are charged in: their profile's country's, else the shop's own. */
const chargedIn = (buyerCountry: string | null, settings: YenSettings) =>
  orderCurrency(buyerCountry || settings.tax.country, settings);

/** A tool's yen list price per unit now (whole yen); null: the tool is gone, or the shop has no yen rate. */
function yenNow(tool: ToolRow | undefined, settings: YenSettings): number | null {
  const yenPerDollar = settings.yenPerDollar ?? null;
  if (!tool || yenPerDollar === null) return null;
  return pricedToolIn(tool, { currency: 'JPY', yenPerDollar }, null)?.price ?? null;
}

/**
 * A line as the request answers it: as asked, in dollars and in yen; a line asked before the yen
 * price was kept (or when the shop had no yen rate) with its tool's yen list price now.
 */
function lineShown(
  l: Pick<
    QuoteLineRow,
    'toolId' | 'productName' | 'productNameJa' | 'quantity' | 'listPrice' | 'currency' | 'listPriceYen'
  >,
  tool: ToolRow | undefined,
  settings: YenSettings,
): QuoteRequestLine {
  return {
    toolId: l.toolId,
    productName: l.productName,
    productNameJa: l.productNameJa,
    quantity: l.quantity,
    listPrice: l.listPrice,
    currency: l.currency,
    listPriceYen: l.listPriceYen ?? yenNow(tool, settings),
  };
}

/**
 * A request as the lists show it, at `now`: its state with its latest quote's fate, the currency
 * the buyer's orders are charged in (the country on their profile, else the shop's own), and each
 * line's list prices as asked.
 */
function quoteView(
  { row, lines, buyerCountry, latest }: RequestWhole,
  tools: Map<string, ToolRow>,
  settings: YenSettings,
  now: Date,
): QuoteRequest {
  return {
    _id: row.id,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    status: quoteRequestStateAt(row.status, latest, now),
    quote: latest && { _id: latest.id, number: latest.number, state: quoteStateAt(latest, now) },
    orderCurrency: chargedIn(buyerCountry, settings),
    lines: lines.map((l) => lineShown(l, l.toolId ? tools.get(l.toolId) : undefined, settings)),
  };
}

/**
 * Each line as asked: the tool's names and list price now (USD cents, and whole yen at the shop's
 * yen rate when it has one), or every line's refusal at its `lines.{i}.toolId` (a tool that does
 * not exist, or is no longer for sale).
 */
async function linesAsked(tx: QuotesTx, input: QuoteRequestRequest, shop: YenSettings) {
  const found = new Map(
    (
      await repo.toolRows(
        tx,
        input.lines.map((l) => l.toolId),
      )
    ).map((t) => [t.id, t]),
  );
  const problems: FieldError[] = [];
  const lines = input.lines.flatMap((line, i) => {
    const tool = found.get(line.toolId);
    const path = `lines.${i}.toolId`;
    if (!tool) problems.push({ path, said: says.notFound('This tool') });
    else if (tool.archived) problems.push({ path, said: says.toolNotForSale });
    if (!tool || tool.archived) return [];
    return [
      {
        toolId: tool.id,
        productName: tool.productName,
        productNameJa: tool.productNameJa,
        quantity: line.quantity,
        listPrice: tool.priceCents,
        currency: 'USD' as const,
        listPriceYen: yenNow(tool, shop),
      },
    ];
  });
  const [first, ...rest] = problems;
  if (first) throw fieldsRefused('invalid', [first, ...rest]);
  return lines;
}

/**
 * Requests for a quote (見積依頼): a buyer with a confirmed address asks for the lines of their cart,
 * each a tool on sale at its list price now; at most 20 open per buyer; acknowledged by mail in the
 * buyer's language. The shop's inbox lists them all, the buyer their own.
 */
export function quotesService({ db, mailer, log, settings, now = () => new Date() }: QuotesDeps) {
  const pageOf = async (userId: string | null, query: QuoteRequestsQuery): Promise<Page<QuoteRequest>> => {
    const found = await repo.page(db, userId, query.cursor, query.limit ?? DEFAULT_PAGE_SIZE);
    // The tools are read only for lines asked before their yen price was kept.
    const toolIds = new Set(
      found.items.flatMap((r) =>
        r.lines.flatMap((l) => (l.toolId && l.listPriceYen === null ? [l.toolId] : [])),
      ),
    );
    const [tools, shop] = await Promise.all([repo.toolRows(db, [...toolIds]), settings()]);
    const byId = new Map(tools.map((t) => [t.id, t]));
    const at = now();
    return { items: found.items.map((r) => quoteView(r, byId, shop, at)), next: found.next };
  };

  return {
    /** Every request, newest first (admin). */
    all: (query: QuoteRequestsQuery = {}) => pageOf(null, query),

    /** The caller's own requests, newest first. */
    mine: (caller: SessionUser, query: QuoteRequestsQuery = {}) => pageOf(caller.id, query),

    /** Stores the caller's request and mails them its acknowledgement in `language`; its id. */
    async request(caller: SessionUser, input: QuoteRequestRequest, language: Language): Promise<string> {
      // The shop quotes to its buyers; an administrator asking would be the shop asking itself.
      if (caller.role === 'admin') throw new AppError('forbidden', says.quoteNotForAdmins);
      // The prices asked at: in dollars, and in yen at the shop's yen rate now.
      const shop = await settings();
      const { id, note, lines, buyerCountry } = await db.transaction(async (tx) => {
        // The account's row stays locked until the request is written: its open ones count in turn.
        const buyer = await repo.lockBuyer(tx, caller.id);
        if (!buyer.confirmed) throw new AppError('forbidden', says.verifyEmailToQuote);
        const asked = await linesAsked(tx, input, shop);
        if ((await repo.openCount(tx, caller.id)) >= MAX_OPEN_QUOTE_REQUESTS) {
          throw new AppError('conflict', says.quoteRequestsTooMany(MAX_OPEN_QUOTE_REQUESTS));
        }
        const written = { id: randomUUID(), note: input.note ? input.note : null };
        const rows = asked.map((line, position) => ({ requestId: written.id, position, ...line }));
        await repo.insert(
          tx,
          { ...written, userId: caller.id, buyerName: caller.name, buyerEmail: caller.email },
          rows,
        );
        return { ...written, lines: rows, buyerCountry: buyer.country };
      });

      // Handed to the mailer without waiting: the request stands whatever the mail does. Its list
      // prices are as the inbox shows them, in the currency the buyer is charged in.
      mailer
        .send(
          quoteRequestMail(
            { buyerName: caller.name, buyerEmail: caller.email, note },
            lines.map((l) => lineShown(l, undefined, shop)),
            chargedIn(buyerCountry, shop),
            language,
          ),
        )
        .catch((err) => log.error({ err, to: caller.email, quoteRequestId: id }, 'mail failed'));
      return id;
    },
  };
}
export type QuotesService = ReturnType<typeof quotesService>;
