import { randomUUID } from 'node:crypto';
import type {
  CatalogQuery,
  CreateProductRequest,
  PageQuery,
  UpdateProductRequest,
  YenTerms,
} from '@kanna/shared';
import {
  centsToDollars,
  dollarsToCents,
  imageWidths,
  mediaUrl,
  says,
  type Tool,
  type ToolKind,
  tradeTermsProblemsSaid,
  type VolumePrice,
  yenTermsProblemsSaid,
} from '@kanna/shared';
import { type PriceListTerms, withPriceList } from '@kanna/shared/domain/price-lists';
import { codeKey } from '@kanna/shared/domain/product-codes';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { databaseError } from '../../db/errors';
import { media, type PriceBreakRow, stockLedger, tools } from '../../db/schema';
import type { CachedBody, PublicCache, Ready } from '../../lib/cache';
import { AppError, notFound } from '../../lib/errors';
import { DEFAULT_PAGE_SIZE, decodeCursor, type Page, pageOf } from '../../lib/paging';
import type { Admit } from '../../lib/uncached-reads';
import { type AuditActor, changes, recordAudit } from '../audit/audit.service';
import { stockHistory } from './catalog.stock';
import { pricedToolIn } from './priced-tool';

const CATALOG = 'catalog';

type ToolRow = typeof tools.$inferSelect;

/** A tool's names, description, kind and codes, as its JSON and the audit log both name them. */
const namesAndCodes = (row: ToolRow) => ({
  productName: row.productName,
  description: row.description,
  productNameJa: row.productNameJa,
  descriptionJa: row.descriptionJa,
  kind: row.kind,
  sku: row.sku,
  jan: row.jan,
});

/** The yen price and breaks the owner set, whole yen (null: derived from the dollar ones). */
const yenFields = (row: ToolRow) => ({
  perPriceYen: row.priceYen,
  volumePricesYen:
    row.volumePricesYen?.map((b) => ({ minQuantity: b.minQuantity, perPrice: b.priceCents })) ?? null,
});

/** The tool's yen prices as a buyer in Japan pays them, with the tax beside (absent from a dollar shop). */
function yenOf(row: ToolRow, terms: YenTerms | null): Pick<Tool, 'yen'> {
  if (!terms) return {};
  const priced = pricedToolIn(row, { currency: 'JPY', yenPerDollar: terms.yenPerDollar }, null);
  if (!priced) return {};
  return {
    yen: {
      perPrice: priced.price,
      volumePrices: priced.breaks.map((b) => ({ minQuantity: b.minQuantity, perPrice: b.price })),
      taxRatePercent: terms.taxRatePercent,
    },
  };
}

function toToolDto(row: ToolRow, yen: YenTerms | null): Tool {
  return {
    _id: row.id,
    slug: row.slug ?? row.id,
    ...namesAndCodes(row),
    img: mediaUrl(row.imageId, 640),
    srcset: imageWidths.map((w) => `${mediaUrl(row.imageId, w)} ${w}w`).join(', '),
    minQuantity: row.minQuantity,
    maxQuantity: row.available,
    perPrice: centsToDollars(row.priceCents),
    packSize: row.packSize,
    volumePrices: row.volumePrices.map((b) => ({
      minQuantity: b.minQuantity,
      perPrice: centsToDollars(b.priceCents),
    })),
    ...yenFields(row),
    ...yenOf(row, yen),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A tool as a buyer with a price list reads it (decision 0060): its price and every break at
 * their prices (`withPriceList`, the rule the cart and placing an order price by), the rest as is.
 */
function atBuyersPrices(tool: Tool, terms: PriceListTerms): Tool {
  // One currency's list prices (minor units) at the buyer's, as the shared rule makes them.
  const buyers = (
    price: number,
    breaks: { minQuantity: number; perPrice: number }[],
    currency: 'USD' | 'JPY',
  ) =>
    withPriceList(
      {
        minQuantity: tool.minQuantity,
        available: tool.maxQuantity,
        packSize: tool.packSize,
        price,
        breaks: breaks.map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice })),
      },
      terms,
      tool._id,
      currency,
    );
  const dollars = buyers(
    dollarsToCents(tool.perPrice),
    tool.volumePrices.map((b) => ({ minQuantity: b.minQuantity, perPrice: dollarsToCents(b.perPrice) })),
    'USD',
  );
  const yen = tool.yen && buyers(tool.yen.perPrice, tool.yen.volumePrices, 'JPY');
  return {
    ...tool,
    perPrice: centsToDollars(dollars.price),
    volumePrices: dollars.breaks.map((b) => ({
      minQuantity: b.minQuantity,
      perPrice: centsToDollars(b.price),
    })),
    ...(tool.yen && yen
      ? {
          yen: {
            ...tool.yen,
            perPrice: yen.price,
            volumePrices: yen.breaks.map((b) => ({ minQuantity: b.minQuantity, perPrice: b.price })),
          },
        }
      : {}),
  };
}

/** A tool's fields as the audit log records them: the contract's names, money in dollars. */
const auditFields = (row: ToolRow) => ({
  ...namesAndCodes(row),
  perPrice: centsToDollars(row.priceCents),
  available: row.available,
  minQuantity: row.minQuantity,
  packSize: row.packSize,
  volumePrices: row.volumePrices.map((b) => ({
    minQuantity: b.minQuantity,
    perPrice: centsToDollars(b.priceCents),
  })),
  ...yenFields(row),
  picture: row.imageId,
});

const productTarget = (row: ToolRow) => ({ type: 'product' as const, id: row.id, label: row.productName });

/** A Japanese text as sent: kept out of an edit when not sent (undefined), none (null) when empty. */
const japanese = (text: string | null | undefined) => (text === undefined ? undefined : text?.trim() || null);

const breaksInCents = (breaks: VolumePrice[] | undefined): PriceBreakRow[] | undefined =>
  breaks?.map((b) => ({ minQuantity: b.minQuantity, priceCents: dollarsToCents(b.perPrice) }));

/** Yen breaks as sent (whole yen), kept in the same shape as the dollar ones; null clears them, undefined keeps them. */
const breaksInYen = (breaks: VolumePrice[] | null | undefined): PriceBreakRow[] | null | undefined =>
  breaks === null ? null : breaks?.map((b) => ({ minQuantity: b.minQuantity, priceCents: b.perPrice }));

export type NewTool = {
  productName: string;
  description: string;
  productNameJa?: string | null;
  descriptionJa?: string | null;
  kind: ToolKind;
  /** Product codes in their normal form (domain/product-codes.ts), already checked. */
  sku?: string | null;
  jan?: string | null;
  imageId: string;
  minQuantity: number;
  available: number;
  priceCents: number;
  packSize?: number;
  volumePrices?: PriceBreakRow[];
  /** The yen list price and breaks the owner set (whole yen); none: derived at the shop's rate. */
  priceYen?: number | null;
  volumePricesYen?: PriceBreakRow[] | null;
  addedBy: string;
  createdAt?: Date;
};

/** A tool's place in a sorted list: price (for the price sorts), then newest first, then id. */
type SortKey = [price: number, createdAt: string, id: string];
const keyOf = (t: Tool): SortKey => [t.perPrice, t.createdAt, t._id];
type Sort = NonNullable<CatalogQuery['sort']>;
const newestFirst = (a: SortKey, b: SortKey) =>
  a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0;
const orderings: Record<Sort, (a: SortKey, b: SortKey) => number> = {
  newest: newestFirst,
  'price-asc': (a, b) => a[0] - b[0] || newestFirst(a, b),
  'price-desc': (a, b) => b[0] - a[0] || newestFirst(a, b),
};

/**
 * Every tool on sale, in each order a visitor may ask for, the id of every tool the catalogue
 * has had (a visitor's cursor may name one taken off sale since), and each tool's names as a
 * search compares them.
 */
type OnSale = Record<Sort, Tool[]> & {
  known: ReadonlySet<string>;
  names: ReadonlyMap<Tool, readonly string[]>;
  /** Each tool on sale by its SKU's key and by its JAN (`codeKey`): each names one tool at most. */
  byCode: ReadonlyMap<string, Tool>;
};

/**
 * Text as the catalogue's search compares it: NFKC (full-width letters and half-width kana, as a
 * Japanese keyboard may type them, become the usual ones), lower case.
 */
const searchable = (text: string) => text.normalize('NFKC').toLowerCase();

const inEveryOrder = (newest: Tool[], known: ReadonlySet<string>): OnSale => {
  const by = (sort: Sort) => {
    const order = orderings[sort];
    return newest
      .map((t) => ({ t, key: keyOf(t) }))
      .sort((a, b) => order(a.key, b.key))
      .map(({ t }) => t);
  };
  const names = new Map(
    newest.map((t) => [t, [t.productName, t.productNameJa ?? ''].filter(Boolean).map(searchable)]),
  );
  const byCode = new Map<string, Tool>();
  for (const t of newest) for (const code of [t.sku, t.jan]) if (code) byCode.set(codeKey(code), t);
  return { newest, 'price-asc': by('price-asc'), 'price-desc': by('price-desc'), known, names, byCode };
};

/**
 * The tools on sale that `q` asks for, in its order: `code` as exactly one tool's SKU or JAN
 * (`codeKey`), `kind`, and `search` as a case-insensitive substring of the name in English or in
 * Japanese, or exactly a tool's SKU or JAN.
 */
function listed(onSale: OnSale, q: CatalogQuery): Tool[] {
  let found = onSale[q.sort ?? 'newest'];
  if (q.code !== undefined) {
    const one = onSale.byCode.get(codeKey(q.code));
    found = one ? found.filter((t) => t === one) : [];
  }
  if (q.kind) found = found.filter((t) => t.kind === q.kind);
  if (q.search) {
    const needle = searchable(q.search);
    const coded = onSale.byCode.get(codeKey(q.search));
    found = found.filter((t) => t === coded || onSale.names.get(t)?.some((name) => name.includes(needle)));
  }
  return found;
}

/**
 * Where the page after `cursor` starts in the list `q` asks for: after the place of the cursor's
 * sort key, so a page never repeats or skips a tool when others are added, sold or taken off
 * sale meanwhile. A cursor is one of ours only when it names a tool of the catalogue (400
 * otherwise), and whatever else it says, it names one of the list's few hundred places: its
 * page is kept under that place.
 */
function positionAfter(cursor: string, onSale: OnSale, q: CatalogQuery): number {
  const after = decodeCursor(cursor, ['number', 'timestamp', 'uuid']) as SortKey;
  if (!onSale.known.has(after[2]))
    throw new AppError('invalid', says.cursorInvalid, [{ path: 'cursor', said: says.cursorInvalid }]);
  const order = orderings[q.sort ?? 'newest'];
  const found = listed(onSale, q);
  const next = found.findIndex((t) => order(keyOf(t), after) > 0);
  return next === -1 ? found.length : next;
}

/**
 * What a write of a tool's codes that failed is refused with: 409 when another tool on sale has
 * its SKU or JAN (the unique indexes of migration 0034 decide, so two admins saving at once cannot
 * both win); any other failure as it was. For `.catch()` on the write.
 */
const codesTaken =
  (codes: { sku?: string | null; jan?: string | null }) =>
  (error: unknown): never => {
    const found = databaseError(error);
    if (found?.code === '23505') {
      const named = `${found.constraint ?? ''} ${found.message ?? ''}`;
      if (named.includes('tools_sku_on_sale') && codes.sku)
        throw new AppError('conflict', says.skuTaken(codes.sku), [
          { path: 'sku', said: says.skuTaken(codes.sku) },
        ]);
      if (named.includes('tools_jan_on_sale') && codes.jan)
        throw new AppError('conflict', says.janTaken(codes.jan), [
          { path: 'jan', said: says.janTaken(codes.jan) },
        ]);
    }
    throw error;
  };

/** `/media/{id}/{width}.webp` → the image id, when that image exists. */
async function imageIdOf(db: Database, url: string): Promise<string> {
  const id = url.split('/')[2] ?? '';
  const [found] = await db.select({ id: media.id }).from(media).where(eq(media.id, id)).limit(1);
  if (!found) throw new AppError('invalid', says.imageRequired);
  return found.id;
}

export function catalogService(
  db: Database,
  cache: PublicCache,
  /** The shop's yen terms (the settings'), which every tool's yen prices are shown by; none: a dollar shop. */
  yenTerms: () => Ready<YenTerms | null> = () => null,
) {
  /** The tool as the API answers it, with its yen prices at the shop's terms as they are now. */
  const dto = async (row: ToolRow) => toToolDto(row, await yenTerms());

  /**
   * Every tool on sale, in every order: one query (and two sorts) after each change to the
   * catalogue, shared by every list, kind and search, so a flood of searches never reaches the
   * database and a page is cut from a list already in order.
   */
  const onSale = () =>
    cache.value(CATALOG, 'on-sale', async () => {
      const rows = await db.select().from(tools).orderBy(desc(tools.createdAt), desc(tools.id));
      const known = new Set(rows.map((row) => row.id));
      const yen = await yenTerms();
      return inEveryOrder(
        rows.filter((row) => !row.archived).map((row) => toToolDto(row, yen)),
        known,
      );
    });

  /**
   * An edit that changes a tool's trade terms is judged with the terms it leaves: a pack size
   * that no longer divides the minimum or a break, or breaks above a new price, are refused
   * (400), never adjusted silently.
   */
  async function checkMergedTerms(id: string, input: UpdateProductRequest) {
    const terms = [input.minQuantity, input.perPrice, input.packSize, input.volumePrices];
    if ([...terms, input.perPriceYen, input.volumePricesYen].every((v) => v === undefined)) return;
    const [current] = await db
      .select()
      .from(tools)
      .where(and(eq(tools.id, id), eq(tools.archived, false)));
    if (!current) throw notFound('This tool');
    const minQuantity = input.minQuantity ?? current.minQuantity;
    const packSize = input.packSize ?? current.packSize;
    const asBreaks = (rows: PriceBreakRow[]) =>
      rows.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents }));
    const yenBreaks =
      input.volumePricesYen === undefined ? current.volumePricesYen : breaksInYen(input.volumePricesYen);
    const problems = [
      ...tradeTermsProblemsSaid({
        minQuantity,
        price: input.perPrice === undefined ? current.priceCents : dollarsToCents(input.perPrice),
        packSize,
        breaks: asBreaks(breaksInCents(input.volumePrices) ?? current.volumePrices),
      }),
      ...yenTermsProblemsSaid({
        minQuantity,
        packSize,
        priceYen: input.perPriceYen === undefined ? current.priceYen : input.perPriceYen,
        breaksYen: yenBreaks ? asBreaks(yenBreaks) : null,
      }),
    ];
    const [first] = problems;
    if (first) throw new AppError('invalid', first.said, problems);
  }

  const service = {
    /**
     * One page of the tools on sale, newest first unless sorted, computed from `onSale` and
     * served from the cache. Visitors choose the page size, sort, kind, search and cursor, so
     * every page is kept among a bounded set of recent ones, under the place its cursor names
     * (however it was spelt); `admit` may refuse a caller a page not kept.
     */
    list(q: CatalogQuery = {}, admit?: Admit): Ready<CachedBody> {
      const limit = q.limit ?? DEFAULT_PAGE_SIZE;
      const code = q.code === undefined ? '' : `:code=${codeKey(q.code)}`;
      const view = `list:${limit}:${q.sort ?? 'newest'}:${q.kind ?? 'all'}:${q.search ? searchable(q.search) : ''}${code}`;
      const pageFrom = (start: number) =>
        cache.get(
          CATALOG,
          `${view}:@${start}`,
          async () => pageOf(listed(await onSale(), q).slice(start, start + limit + 1), limit, keyOf),
          { bounded: true, admit },
        );
      const { cursor } = q;
      if (!cursor) return pageFrom(0);
      const after = (all: OnSale) => pageFrom(positionAfter(cursor, all, q));
      const all = onSale();
      return all instanceof Promise ? all.then(after) : after(all);
    },

    /**
     * `list`'s page at a buyer's prices (their price list, decision 0060): cut from the same list
     * in the same order (a price sort is by list price, so cursors are shared), made for that buyer
     * alone and never kept.
     */
    async listAt(q: CatalogQuery, terms: PriceListTerms): Promise<Page<Tool>> {
      const all = await onSale();
      const limit = q.limit ?? DEFAULT_PAGE_SIZE;
      const start = q.cursor ? positionAfter(q.cursor, all, q) : 0;
      const page = pageOf(listed(all, q).slice(start, start + limit + 1), limit, keyOf);
      return { items: page.items.map((t) => atBuyersPrices(t, terms)), next: page.next };
    },

    /** A tool on sale at a buyer's prices (404 when none is), never kept. */
    async getAt(id: string, terms: PriceListTerms): Promise<Tool> {
      const found = (await onSale()).newest.find((t) => t._id === id);
      if (!found) throw notFound('This tool');
      return atBuyersPrices(found, terms);
    },

    /** `bySlug` at a buyer's prices. */
    async bySlugAt(slugOrId: string, terms: PriceListTerms): Promise<Tool> {
      return atBuyersPrices(await service.bySlug(slugOrId), terms);
    },

    get(id: string, admit?: Admit) {
      return cache.get(
        CATALOG,
        `one:${id}`,
        async () => {
          const [row] = await db
            .select()
            .from(tools)
            .where(and(eq(tools.id, id), eq(tools.archived, false)));
          if (!row) throw notFound('This tool');
          return dto(row);
        },
        { admit },
      );
    },

    /**
     * Adds a tool; its stock enters the stock ledger as `initial`, by whoever added it, and an
     * admin's addition the audit log (`actor`; none for the sample data).
     */
    async create(input: NewTool, actor?: AuditActor): Promise<Tool> {
      const writing = db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(tools)
          .values({ id: randomUUID(), ...input })
          .returning();
        if (!inserted) throw new Error('insert returned no row');
        if (inserted.available !== 0) {
          await tx
            .insert(stockLedger)
            .values({ toolId: inserted.id, delta: inserted.available, reason: 'initial', by: input.addedBy });
        }
        if (actor) {
          // The descriptions are left out, and the Japanese name and the codes when there are none.
          const {
            description: _,
            descriptionJa: __,
            productNameJa,
            sku,
            jan,
            ...fields
          } = auditFields(inserted);
          const after = {
            ...fields,
            ...(productNameJa === null ? {} : { productNameJa }),
            ...(sku === null ? {} : { sku }),
            ...(jan === null ? {} : { jan }),
          };
          await recordAudit(tx, actor, {
            kind: 'product.create',
            target: productTarget(inserted),
            before: null,
            after,
          });
        }
        return inserted;
      });
      const row = await writing.catch(codesTaken(input));
      await cache.changed(CATALOG);
      return dto(row);
    },

    /** An admin's new tool, as the form sends it: its picture must be one the shop stores. */
    async createFromRequest(input: CreateProductRequest, admin: AuditActor): Promise<Tool> {
      const imageId = await imageIdOf(db, input.img);
      return service.create(
        {
          productName: input.productName,
          description: input.description,
          productNameJa: japanese(input.productNameJa),
          descriptionJa: japanese(input.descriptionJa),
          kind: input.kind ?? 'other',
          sku: input.sku ?? null,
          jan: input.jan ?? null,
          imageId,
          minQuantity: input.minQuantity,
          available: input.maxQuantity,
          priceCents: dollarsToCents(input.perPrice),
          packSize: input.packSize ?? 1,
          volumePrices: breaksInCents(input.volumePrices) ?? [],
          priceYen: input.perPriceYen ?? null,
          volumePricesYen: breaksInYen(input.volumePricesYen) ?? null,
          addedBy: admin.email,
        },
        admin,
      );
    },

    /**
     * Edits a tool on sale; orders already placed keep their own name and price. Stock is never
     * read here and written back later, which would overwrite what orders reserved in between:
     * one statement applies the change. A new `maxQuantity` sent with the `loadedMaxQuantity` the
     * admin's form showed applies as a difference (available + new − loaded), so reservations
     * made while the form was open stay reserved; refused with 409 when they took more than the
     * admin's reduction leaves. Without `loadedMaxQuantity` (the spec's body) it is set as sent.
     * A change of stock enters the stock ledger as `admin`, by `adminName`, in the same
     * transaction: the tool is locked first, so the row's delta is exactly what this edit changed.
     */
    async update(
      id: string,
      input: UpdateProductRequest,
      adminName: string,
      actor?: AuditActor,
    ): Promise<Tool> {
      await checkMergedTerms(id, input);
      const imageId = input.img === undefined ? undefined : await imageIdOf(db, input.img);
      const { maxQuantity, loadedMaxQuantity } = input;
      const delta =
        maxQuantity !== undefined && loadedMaxQuantity !== undefined ? maxQuantity - loadedMaxQuantity : null;
      const available =
        maxQuantity === undefined
          ? sql`${tools.available}`
          : delta === null
            ? sql`${maxQuantity}::int`
            : sql`${tools.available} + ${delta}::int`;
      const minQuantity =
        input.minQuantity === undefined ? sql`${tools.minQuantity}` : sql`${input.minQuantity}::int`;
      // The quantity the admin asked for covers the minimum: the one typed, or today's when kept.
      const asked = maxQuantity === undefined ? sql`${tools.available}` : sql`${maxQuantity}::int`;
      const writing = db.transaction(async (tx) => {
        const [before] = await tx.select().from(tools).where(eq(tools.id, id)).for('update');
        const [after] = await tx
          .update(tools)
          .set({
            productName: input.productName,
            description: input.description,
            productNameJa: japanese(input.productNameJa),
            descriptionJa: japanese(input.descriptionJa),
            kind: input.kind,
            sku: input.sku,
            jan: input.jan,
            minQuantity: input.minQuantity,
            available: maxQuantity === undefined ? undefined : available,
            priceCents: input.perPrice === undefined ? undefined : dollarsToCents(input.perPrice),
            packSize: input.packSize,
            volumePrices: breaksInCents(input.volumePrices),
            priceYen: input.perPriceYen,
            volumePricesYen: breaksInYen(input.volumePricesYen),
            imageId,
          })
          .where(
            and(
              eq(tools.id, id),
              eq(tools.archived, false),
              sql`${asked} >= ${minQuantity}`,
              sql`${available} >= 0`,
            ),
          )
          .returning();
        if (before && after && after.available !== before.available) {
          await tx.insert(stockLedger).values({
            toolId: id,
            delta: after.available - before.available,
            reason: 'admin',
            by: adminName,
          });
        }
        // The admin's edit in the audit log, with only the fields it changed.
        const changed = before && after && actor ? changes(auditFields(before), auditFields(after)) : null;
        if (changed && after && actor) {
          await recordAudit(tx, actor, { kind: 'product.update', target: productTarget(after), ...changed });
        }
        return after;
      });
      const row = await writing.catch(codesTaken(input));
      if (!row) {
        const [current] = await db
          .select()
          .from(tools)
          .where(and(eq(tools.id, id), eq(tools.archived, false)));
        if (!current) throw notFound('This tool');
        if (delta !== null && current.available + delta < 0) {
          throw new AppError('conflict', says.stockMovedSinceLoaded);
        }
        throw new AppError('invalid', says.availableBelowMinimum);
      }
      await cache.changed(CATALOG);
      return dto(row);
    },

    /**
     * Takes a tool off sale; orders keep their own copy of its name and price. An admin's doing
     * so is in the audit log (`actor`).
     */
    async archive(id: string, actor?: AuditActor): Promise<number> {
      const gone = await db.transaction(async (tx) => {
        const done = await tx
          .update(tools)
          .set({ archived: true })
          .where(and(eq(tools.id, id), eq(tools.archived, false)))
          .returning();
        const [row] = done;
        if (row && actor) {
          await recordAudit(tx, actor, {
            kind: 'product.archive',
            target: productTarget(row),
            before: { onSale: true },
            after: { onSale: false },
          });
        }
        return done;
      });
      if (gone.length) await cache.changed(CATALOG);
      return gone.length;
    },

    /**
     * What `make` draws from every tool on sale (newest first), kept with the catalogue's answers
     * until it changes on any instance (the sitemap, the product feeds: modules/reach/).
     */
    fromOnSale<T>(key: string, make: (onSale: readonly Tool[]) => T): Ready<T> {
      return cache.value(CATALOG, `from-on-sale:${key}`, async () => make((await onSale()).newest));
    },

    /** The tool on sale at `/tools/{slug}`, by its slug, else by its id; undefined when none is. */
    async onSale(slugOrId: string): Promise<Tool | undefined> {
      const { newest } = await onSale();
      return newest.find((t) => t.slug === slugOrId) ?? newest.find((t) => t._id === slugOrId);
    },

    /**
     * A tool's public page's read (plugins/server-pages.ts): the tool on sale by its slug or id as
     * a list of it alone, none when none is; kept with the catalogue's answers among the recent few
     * hundred (any slug may be asked for).
     */
    toolPage(slugOrId: string): Ready<CachedBody> {
      return cache.get(
        CATALOG,
        `page:${slugOrId}`,
        async () => {
          const found = await service.onSale(slugOrId);
          return { items: found ? [found] : [], next: null };
        },
        { bounded: true },
      );
    },

    /** GET /api/handTools/by-slug/{slug}: the tool on sale by its slug or id (404 when none is). */
    async bySlug(slugOrId: string): Promise<Tool> {
      const found = await service.onSale(slugOrId);
      if (!found) throw notFound('This tool');
      return found;
    },

    /** A tool's stock history, newest first (admin): catalog.stock.ts. */
    stockHistory: (id: string, page?: PageQuery) => stockHistory(db, id, page),

    count: () => db.$count(tools),

    /** Call after a committed write elsewhere that changed tools (e.g. stock reserved by an order). */
    changed: () => cache.changed(CATALOG),
  };
  return service;
}
export type CatalogService = ReturnType<typeof catalogService>;
