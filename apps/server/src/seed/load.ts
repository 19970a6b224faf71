import { randomBytes, randomUUID } from 'node:crypto';
import type { ToolKind } from '@kanna/shared';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../db/client';
import { type RowParser, rowsOf } from '../db/rows';
import { stockLedger, tools } from '../db/schema';
import { mediaService } from '../modules/media/media.service';
import { drawTool, type Palette, palettes } from './illustrations';

/**
 * `npm run shop -- seed-load`: synthetic trade at scale, for measuring the shop with a database
 * the size of years of business (bench/scale.mjs). Everything is generated inside the database
 * by `INSERT … SELECT FROM generate_series(…)` — the same SQL on PostgreSQL and PGlite — with
 * the random numbers of order `g` drawn from `hashint8extended(g, salt)`, so the statement that
 * writes the orders and the one that writes their lines agree on every line without a staging
 * table. On an empty database the secondary indexes are dropped for the load and built again at
 * the end (a bulk build is far cheaper than a million index insertions, GIN above all), all in
 * one transaction, so a failed load leaves the database as it was.
 */
export type LoadOptions = {
  orders: number;
  users: number;
  tools: number;
  /** Load into a database that already holds orders (adds to them). */
  force?: boolean;
  /** The customers' shared password; random when absent. */
  password?: string;
  log?: (line: string) => void;
  now?: Date;
};

export type LoadResult = {
  password: string;
  tools: number;
  users: number;
  orders: number;
  lines: number;
  reviews: number;
  /** The customer with the most orders. */
  heaviest: { email: string; orders: number };
  seconds: number;
};

export class LoadRefused extends Error {}

const DAY = 86_400;
/** Orders placed in the last two days (unpaid ones hold stock for 48 h, so only they may be unpaid). */
const RECENT_SHARE = 0.006;
/** Orders of the heaviest customers (the first few accounts): thousands each at a million orders. */
const HEAVY_SHARE = 0.02;

const jaFirst = [
  ['Haruto', '陽翔'],
  ['Yui', '結衣'],
  ['Sota', '蒼太'],
  ['Hina', '陽菜'],
  ['Ren', '蓮'],
  ['Aoi', '葵'],
  ['Yuto', '悠斗'],
  ['Sakura', 'さくら'],
  ['Kaito', '海斗'],
  ['Mei', '芽衣'],
  ['Riku', '陸'],
  ['Akari', '明里'],
  ['Takumi', '拓海'],
  ['Rin', '凛'],
  ['Daiki', '大輝'],
  ['Misaki', '美咲'],
  ['Kenji', '健二'],
  ['Yoko', '洋子'],
  ['Hiroshi', '博'],
  ['Naoko', '直子'],
  ['Shota', '翔太'],
  ['Emi', '恵美'],
  ['Kazuki', '和樹'],
  ['Ayumi', '歩美'],
];
const jaLast = [
  ['Sato', '佐藤'],
  ['Suzuki', '鈴木'],
  ['Takahashi', '高橋'],
  ['Tanaka', '田中'],
  ['Watanabe', '渡辺'],
  ['Ito', '伊藤'],
  ['Yamamoto', '山本'],
  ['Nakamura', '中村'],
  ['Kobayashi', '小林'],
  ['Kato', '加藤'],
  ['Yoshida', '吉田'],
  ['Yamada', '山田'],
  ['Sasaki', '佐々木'],
  ['Matsumoto', '松本'],
  ['Inoue', '井上'],
  ['Kimura', '木村'],
  ['Hayashi', '林'],
  ['Shimizu', '清水'],
  ['Mori', '森'],
  ['Ikeda', '池田'],
];
const enFirst = [
  'Emma',
  'Oliver',
  'Sophie',
  'Lucas',
  'Amelia',
  'Noah',
  'Grace',
  'Jack',
  'Chloe',
  'Liam',
  'Isla',
  'Thomas',
  'Hannah',
  'James',
  'Olivia',
  'Daniel',
  'Charlotte',
  'Samuel',
  'Ella',
  'Henry',
];
const enLast = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Taylor',
  'Wilson',
  'Evans',
  'Thomas',
  'Johnson',
  'Roberts',
  'Walker',
  'Wright',
  'Clarke',
  'Lindqvist',
  'Dubois',
  'Ferreira',
  "O'Brien",
  'Müller',
  'Rossi',
  'Novak',
];
const domains = [
  'example.jp',
  'example.com',
  'mail.example.co.jp',
  'koubou.example',
  'carpentry.example.org',
  'builders.example.net',
];
const towns = [
  'Ginza, Chuo-ku, Tokyo',
  'Umeda, Kita-ku, Osaka',
  'Sakae, Naka-ku, Nagoya',
  'Tenjin, Chuo-ku, Fukuoka',
  'Gion, Higashiyama-ku, Kyoto',
  'Sanjo, Niigata',
  'Miki, Hyogo',
  'Seki, Gifu',
  'Tsubame, Niigata',
  'Kanazawa, Ishikawa',
];

type KindWords = { kind: ToolKind; palette: Palette; names: string[]; sizes: string[] };
const kinds: KindWords[] = [
  {
    kind: 'chisel',
    palette: palettes.cherry,
    names: [
      'Oire Nomi Bench Chisel',
      'Atsu Nomi Timber Chisel',
      'Mukomachi Mortise Chisel',
      'Shinogi Dovetail Chisel',
      'Kote Nomi Cranked Chisel',
      'Usu Nomi Paring Chisel',
    ],
    sizes: ['6 mm', '9 mm', '12 mm', '15 mm', '18 mm', '24 mm', '30 mm', '36 mm', '42 mm'],
  },
  {
    kind: 'hammer',
    palette: palettes.oak,
    names: [
      'Genno Double-Faced Hammer',
      'Daruma Genno Hammer',
      'Kanazuchi Square-Head Hammer',
      'Kigoroshi Setting Hammer',
      'Tataki Mallet',
    ],
    sizes: ['150 g', '225 g', '300 g', '375 g', '450 g', '560 g'],
  },
  {
    kind: 'saw',
    palette: palettes.hinoki,
    names: [
      'Ryoba Double-Edge Saw Blade',
      'Kataba Single-Edge Saw Blade',
      'Dozuki Dovetail Saw Blade',
      'Azebiki Groove Saw Blade',
      'Mawashibiki Keyhole Saw Blade',
    ],
    sizes: ['150 mm', '180 mm', '210 mm', '240 mm', '270 mm', '300 mm'],
  },
  {
    kind: 'plane',
    palette: palettes.kashi,
    names: [
      'Kanna Smoothing Plane',
      'Sori Dai Compass Plane',
      'Kiwa Kanna Rebate Plane',
      'Mentori Chamfer Plane',
      'Hira Kanna Jack Plane',
    ],
    sizes: ['24 mm', '42 mm', '48 mm', '55 mm', '65 mm', '70 mm', '80 mm'],
  },
  {
    kind: 'driver',
    palette: palettes.walnut,
    names: [
      'Hinoki Handle Screwdriver',
      'Cherry-Handle Phillips Driver',
      'Kugishime Nail Punch',
      'Meuchi Awl',
      'Yotsume Square Awl',
    ],
    sizes: ['No. 1', 'No. 2', 'No. 3', '3 mm', '4 mm', '6 mm'],
  },
  {
    kind: 'other',
    palette: palettes.oak,
    names: [
      'Sumitsubo Ink Line',
      'Sashigane Carpenter Square',
      'Kebiki Marking Gauge',
      'Toishi Water Stone',
      'Shiage Finishing Stone',
    ],
    sizes: ['Small', 'Medium', 'Large', '#1000', '#3000', '#6000'],
  },
];

const reviewTexts = [
  'Arrived well packed and sharp out of the box. Our apprentices use them every day.',
  'Consistent quality across the whole batch; the price break made the larger order worth it.',
  'The handles are beautifully finished. We reordered for our second workshop.',
  'Good steel, holds an edge. Delivery took a few days longer than promised.',
  'Exactly as described. Customers in our shop love the wooden handles.',
  'Solid tools for a fair trade price. Invoicing was simple.',
  '一括注文でも品質が揃っていて助かります。また注文します。',
  'Flat backs, straight blades, no surprises. Standard issue in our school now.',
];

/** A SQL literal (the generator's own constants only; nothing from outside reaches it). */
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A version-4 UUID (as the contracts require) made of the md5 of `expr`: the same input, the same id. */
const uuidOf = (expr: string) =>
  `overlay(overlay(md5(${expr}) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid`;
const arr = (xs: string[]) => `array[${xs.map(lit).join(',')}]::text[]`;

/**
 * A uniform number in [0, 1) drawn from key `k` (a bigint SQL expression) and `salt`: the same
 * key and salt give the same number in every statement of the run.
 */
const rnd = (k: string, salt: number) =>
  `((hashint8extended((${k})::bigint, ${salt}) & 140737488355327)::float8 / 140737488355328.0)`;

async function rows<T>(db: Pick<Database, 'execute'>, text: string, row: RowParser<T>): Promise<T[]> {
  return rowsOf(await db.execute(sql.raw(text)), row);
}

/** A row of one count. */
const countRow = z.object({ n: z.number() });

/**
 * Tools written per statement: a statement's parameters are limited (65,535 in PostgreSQL's
 * protocol) and Drizzle builds one insert's SQL recursively, so a catalogue of any size goes in
 * slices.
 */
const TOOLS_PER_STATEMENT = 1_000;

type Tool = typeof tools.$inferInsert & { productName: string; minQuantity: number; priceCents: number };

/** One slice of the catalogue, and its numbers in `_load_tools` (from index `first`) for the orders' SQL. */
async function writeTools(tx: Pick<Database, 'insert' | 'execute'>, slice: Tool[], first: number) {
  const inserted = await tx
    .insert(tools)
    .values(slice)
    .returning({ id: tools.id, available: tools.available, addedBy: tools.addedBy });
  // Each tool's stock enters the stock ledger as it does when an admin adds a tool.
  await tx
    .insert(stockLedger)
    .values(
      inserted
        .filter((t) => t.available !== 0)
        .map((t) => ({ toolId: t.id, delta: t.available, reason: 'initial' as const, by: t.addedBy })),
    );
  const tier = (n: 0 | 1, key: 'minQuantity' | 'priceCents') =>
    `array[${slice.map((t) => t.volumePrices?.[n]?.[key] ?? 'null').join(',')}]::int[]`;
  await tx.execute(
    sql.raw(`insert into _load_tools select * from unnest(
      array[${slice.map((_, i) => first + i).join(',')}]::int[],
      array[${inserted.map((t) => lit(t.id)).join(',')}]::uuid[],
      ${arr(slice.map((t) => t.productName))},
      array[${slice.map((t) => t.minQuantity).join(',')}]::int[],
      array[${slice.map((t) => t.priceCents).join(',')}]::int[],
      ${tier(0, 'minQuantity')}, ${tier(0, 'priceCents')}, ${tier(1, 'minQuantity')}, ${tier(1, 'priceCents')})`),
  );
}

/** Writes the synthetic trade. Throws LoadRefused when the database already holds orders and `force` is off. */
export async function seedLoad(database: Db, options: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const { db, kind } = database;
  const N = Math.max(0, Math.floor(options.orders));
  const M = Math.max(1, Math.floor(options.users));
  const K = Math.max(1, Math.floor(options.tools));
  const now = options.now ?? new Date();
  const password = options.password ?? randomBytes(9).toString('base64url');
  const salt = (randomBytes(4).readUInt32BE(0) % 1_000_000) * 64;
  const tag = randomBytes(4).toString('hex');

  const [{ n: existing } = { n: 0 }] = await rows(db, 'select count(*)::int as n from orders', countRow);
  if (existing > 0 && !options.force) {
    throw new LoadRefused(
      `The database already holds ${existing} orders: seed-load writes into an empty shop (add --force to add to them).`,
    );
  }
  const fresh = existing === 0;
  const hash = await hashPassword(password);

  // Pictures: one drawing per kind, stored like any product picture.
  const media = mediaService(db);
  const images = new Map<ToolKind, string>();
  for (const k of kinds) images.set(k.kind, await media.storeImage(drawTool(k.kind, k.palette)));
  log(`pictures stored (${elapsed()})`);

  // The catalogue: K tools, some sold in packs, some with price breaks, a few running low.
  const used = new Map<string, number>();
  const catalogue = Array.from({ length: K }, (_, i) => {
    const k = kinds[i % kinds.length] as KindWords;
    const r = (n: number) => ((Math.imul(i + 1, 2654435761) >>> 0) % (n * 7919)) % n;
    const base = `${k.names[r(k.names.length)]} ${k.sizes[(i * 7 + r(5)) % k.sizes.length]}`;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const productName = seen ? `${base} Series ${seen + 1}` : base;
    const packSize = [1, 1, 1, 5, 10, 12, 1, 20, 25, 1][i % 10] as number;
    const minQuantity = packSize * (1 + (i % 6)) * (packSize === 1 ? 10 : 1);
    const priceCents = 450 + ((i * 7_919) % 11_550);
    const volumePrices =
      i % 2 === 0
        ? [
            { minQuantity: minQuantity * 5, priceCents: Math.round(priceCents * 0.95) },
            { minQuantity: minQuantity * 10, priceCents: Math.round(priceCents * 0.9) },
          ]
        : i % 3 === 0
          ? [{ minQuantity: minQuantity * 4, priceCents: Math.round(priceCents * 0.93) }]
          : [];
    const available = i % 11 === 5 ? minQuantity + packSize * (i % 3) : 20_000 + ((i * 104_729) % 180_000);
    return {
      id: randomUUID(),
      productName,
      description: `${productName}: made in our workshop for the trade. Sold ${packSize > 1 ? `in packs of ${packSize}` : 'by the piece'}, from ${minQuantity} pieces.`,
      kind: k.kind,
      imageId: images.get(k.kind) as string,
      minQuantity,
      available,
      priceCents,
      packSize,
      volumePrices,
      addedBy: 'shop@kanna-tools.example',
      archived: false,
      createdAt: new Date(now.getTime() - (800 - Math.floor((i * 790) / K)) * DAY * 1000),
    };
  });

  const result = await db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`set local maintenance_work_mem = '${kind === 'pglite' ? '128MB' : '1GB'}'`);
    await run(`set local work_mem = '64MB'`);
    // The generated statements look huge to the planner (generate_series guesses 1,000 rows per
    // call): JIT would compile them for seconds per batch.
    if (kind === 'postgres') await run('set local jit = off');

    // Secondary indexes of the big tables, dropped for the load and built again after it.
    const indexes = fresh
      ? await rows(
          tx,
          `select indexname as name, indexdef as def from pg_indexes
            where schemaname = 'public' and tablename in ('orders', 'order_lines', 'user', 'account')
              and indexname not in (select conname from pg_constraint)`,
          z.object({ name: z.string(), def: z.string() }),
        )
      : [];
    for (const ix of indexes) await run(`drop index "${ix.name}"`);
    // Likewise the keys of orders and their lines: checking a foreign key once for the whole
    // table, and building a primary key from sorted rows, is far cheaper than row by row.
    const keys = fresh
      ? await rows(
          tx,
          `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def,
                  c.contype = 'p' as primary
             from pg_constraint c
            where c.contype in ('p', 'f') and (c.conrelid in ('orders'::regclass, 'order_lines'::regclass)
                  or (c.contype = 'f' and c.confrelid in ('orders'::regclass, 'order_lines'::regclass)))
            order by c.contype = 'p' desc`,
          z.object({ table: z.string(), name: z.string(), def: z.string(), primary: z.boolean() }),
        )
      : [];
    for (const k of [...keys].reverse()) await run(`alter table ${k.table} drop constraint "${k.name}"`);

    await run(`create unlogged table if not exists _load_tools (
      idx int primary key, id uuid, name text, min int, price int, b1 int, p1 int, b2 int, p2 int)`);
    await run('truncate _load_tools');
    for (let at = 0; at < K; at += TOOLS_PER_STATEMENT) {
      await writeTools(tx, catalogue.slice(at, at + TOOLS_PER_STATEMENT), at);
    }
    log(`tools: ${K} (${elapsed()})`);

    // Customers: Japanese names in romaji or kanji, English names; verified; one password; a
    // Tokyo, Osaka or mobile number in the shop's normal form (domain/phone.ts).
    await run(`create unlogged table if not exists _load_users (
      idx int primary key, id text, name text, email text, phone text, address text)`);
    await run('truncate _load_users');
    const jf = arr(jaFirst.map((x) => x[0] as string));
    const jfk = arr(jaFirst.map((x) => x[1] as string));
    const jl = arr(jaLast.map((x) => x[0] as string));
    const jlk = arr(jaLast.map((x) => x[1] as string));
    const u = (s: number) => rnd('i', salt + s);
    await run(`
      insert into _load_users
      select i - 1, x.id, x.name,
        lower(replace(replace(x.first_r || '.' || x.last_r, '''', ''), 'ü', 'u')) || (i - 1) || '${fresh ? '' : `.${tag}`}@' ||
          (${arr(domains)})[1 + floor(${u(5)} * ${domains.length})::int],
        '+81 ' || (array['3','6','90','80','70'])[1 + floor(${u(6)} * 5)::int] || ' ' ||
          (1000 + floor(${u(11)} * 9000))::int || ' ' || (1000 + floor(${u(12)} * 9000))::int,
        (1 + floor(${u(7)} * 9))::int || '-' || (1 + floor(${u(8)} * 20))::int || '-' || (1 + floor(${u(9)} * 30))::int || ' ' ||
          (${arr(towns)})[1 + floor(${u(10)} * ${towns.length})::int]
      from generate_series(1, ${M}) i
      cross join lateral (
        select
          md5('${tag}u' || i) as id,
          case when ${u(1)} < 0.5 then (${jf})[a] || ' ' || (${jl})[b]
               when ${u(1)} < 0.62 then (${jlk})[b] || ' ' || (${jfk})[a]
               else (${arr(enFirst)})[c] || ' ' || (${arr(enLast)})[d] end as name,
          case when ${u(1)} < 0.62 then (${jf})[a] else (${arr(enFirst)})[c] end as first_r,
          case when ${u(1)} < 0.62 then (${jl})[b] else (${arr(enLast)})[d] end as last_r
        from (select 1 + floor(${u(2)} * ${jaFirst.length})::int as a, 1 + floor(${u(3)} * ${jaLast.length})::int as b,
                     1 + floor(${u(2)} * ${enFirst.length})::int as c, 1 + floor(${u(4)} * ${enLast.length})::int as d) p
      ) x`);
    const windowStart = `(timestamptz ${lit(now.toISOString())} - interval '760 days')`;
    await run(`
      insert into "user" (id, name, email, email_verified, role, phone, city, street_address, created_at, updated_at)
      select id, name, email, true, 'user', phone, split_part(address, ', ', 2), split_part(address, ', ', 1),
             ${windowStart}, ${windowStart}
      from _load_users`);
    await run(`
      insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
      select md5('${tag}a' || idx), id, 'credential', id, ${lit(hash)}, ${windowStart}, ${windowStart} from _load_users`);
    log(`customers: ${M} (${elapsed()})`);

    // Orders and their lines, in batches, the same expressions in both statements.
    const H = Math.max(1, Math.min(5, Math.round(M / 2000)));
    const nRecent = Math.min(N, Math.max(8, Math.round(N * RECENT_SHARE)));
    const r = (s: number) => rnd('g', salt + 20 + s);
    const nowLit = `timestamptz ${lit(now.toISOString())}`;
    // Seconds before now, falling as g rises, so orders are written oldest first as a shop
    // writes them (the table's physical order follows created_at): two years with business
    // growing (more orders each month), then the newest ones in the last two days.
    const nOld = N - nRecent;
    const age = `case when g > ${nOld} then 300 + ${2 * DAY - 900} * (1 - (g - ${nOld} - 0.5) / ${nRecent})
      else ${2 * DAY} + ${728 * DAY} * (1 - sqrt((g - 0.5) / ${Math.max(1, nOld)})) end`;
    // Which state: unpaid only while the 48-hour hold runs; the newest four are one of each.
    const status = `case when g > ${N - 4} then (array['unpaid','paid','cancelled','shipped'])[${N} - g + 1]
      when g > ${nOld} then case when ${r(2)} < 0.35 then 'unpaid' when ${r(2)} < 0.65 then 'paid'
        when ${r(2)} < 0.8 then 'cancelled' else 'shipped' end
      when age < ${10 * DAY} then case when ${r(2)} < 0.45 then 'paid' when ${r(2)} < 0.93 then 'shipped' else 'cancelled' end
      else case when ${r(2)} < 0.004 then 'paid' when ${r(2)} < 0.93 then 'shipped' else 'cancelled' end end`;
    const lineCount = `least(${K}, case when ${r(3)} < 0.7 then 1 else 2 + floor(power(${r(4)}, 1.5) * 4)::int end)`;
    const firstTool = `floor(power(${r(5)}, 1.6) * ${K})::int`;
    const customer = `case when ${r(6)} < ${HEAVY_SHARE} then floor(${r(7)} * ${H})::int
      else ${H} + floor(power(${r(7)}, 2) * ${Math.max(0, M - H)})::int end`;
    // One order's numbers, from its serial number g.
    const orderNumbers = (lo: number, hi: number) => `
      select g, ${uuidOf(`'${tag}o' || g`)} as id, ${lineCount} as lc, ${firstTool} as t0,
             least(${M - 1}, ${customer}) as uidx, age, ${status} as status
      from (select g, ${age} as age from generate_series(${lo}, ${hi}) g) s`;
    // One order's lines (alias `o`: an order's numbers): which tool, how many (a multiple of the
    // pack, from the minimum) and the unit price of that quantity's tier.
    const linesOf = (o: string) => `
      cross join lateral generate_series(0, ${o}.lc - 1) p
      join _load_tools t on t.idx = (${o}.t0 + p) % ${K}
      cross join lateral (select t.min * (1 + floor(power(${rnd(`${o}.g * 8 + p`, salt + 40)}, 3) * 12))::int as qty) q
      cross join lateral (select case when q.qty >= t.b2 then t.p2 when q.qty >= t.b1 then t.p1 else t.price end as price) pr`;

    const [{ n: linesBefore } = { n: 0 }] = await rows(
      tx,
      'select count(*)::int as n from order_lines',
      countRow,
    );
    const batch = kind === 'pglite' ? 20_000 : 100_000;
    for (let lo = 1; lo <= N; lo += batch) {
      const hi = Math.min(N, lo + batch - 1);
      const t0 = Date.now();
      await run(`
        insert into orders (id, user_id, email, name, tool_id, product_name, quantity, per_price_cents,
          total_cents, line_count, search, phone, address, status, payment_intent_id, transaction_id,
          hold_until, created_at, paid_at, shipped_at, cancelled_at, test_payment)
        select o.id, u.id, u.email, u.name, l.tool_id, l.product_name, l.quantity, l.per_price_cents,
          l.total, o.lc, lower(o.id::text || ' ' || u.email || ' ' || u.name || ' ' || l.names), u.phone, u.address,
          o.status,
          case when order_status_paid(o.status) then 'pi_' || substr(md5(o.id::text), 1, 24) end,
          case when order_status_paid(o.status) then 'pi_' || substr(md5(o.id::text), 1, 24) end,
          o.at + interval '48 hours', o.at,
          case when order_status_paid(o.status) then o.at + make_interval(secs => o.paid_after) end,
          case when o.status = 'shipped' then o.at + make_interval(secs => o.paid_after
            + least(${DAY} + ${r(9)} * ${4 * DAY}, (o.age - o.paid_after) * (0.2 + 0.7 * ${r(9)}))) end,
          case when o.status = 'cancelled' then o.at + make_interval(secs =>
            least(case when ${r(10)} < 0.7 then ${2 * DAY} else ${r(11)} * ${DAY} end, o.age * 0.9)) end,
          false
        from (
          select n.*, ${nowLit} - make_interval(secs => n.age) as at,
                 least(120 + power(${r(8)}, 2) * 21600, n.age * 0.3) as paid_after
          from (${orderNumbers(lo, hi)}) n
        ) o
        join _load_users u on u.idx = o.uidx
        cross join lateral (
          select (array_agg(t.id order by p))[1] as tool_id, (array_agg(t.name order by p))[1] as product_name,
                 (array_agg(q.qty order by p))[1] as quantity, (array_agg(pr.price order by p))[1] as per_price_cents,
                 sum(q.qty * pr.price)::int as total, string_agg(t.name, ' ' order by p) as names
          from (select 1) one ${linesOf('o')}
        ) l
        order by o.g`);
      const t1 = Date.now();
      await run(`
        insert into order_lines (order_id, position, tool_id, product_name, quantity, per_price_cents, total_cents)
        select o.id, p, t.id, t.name, q.qty, pr.price, q.qty * pr.price
        from (${orderNumbers(lo, hi)}) o ${linesOf('o')}
        order by o.g, p`);
      log(
        `orders: ${hi}/${N} (${elapsed()}; this batch: orders ${((t1 - t0) / 1000).toFixed(1)} s, lines ${((Date.now() - t1) / 1000).toFixed(1)} s)`,
      );
    }
    // The stock ledger as the shop would have written it: each order's lines taken when it was
    // placed, given back when it was cancelled, and each tool's initial stock what it has now
    // plus what its orders still hold, so every tool's ledger adds up to its available quantity.
    await run(`
      insert into stock_ledger (tool_id, at, delta, reason, order_id)
      select l.tool_id, o.created_at, -l.quantity, 'order', o.id
      from orders o join order_lines l on l.order_id = o.id
      where o.user_id in (select id from _load_users)
      union all
      select l.tool_id, o.cancelled_at, l.quantity, case when o.hold_until <= o.cancelled_at then 'expiry' else 'cancel' end, o.id
      from orders o join order_lines l on l.order_id = o.id
      where o.user_id in (select id from _load_users) and o.status = 'cancelled' and o.cancelled_at is not null`);
    await run(`
      update stock_ledger s set delta = s.delta + h.held
      from (select l.tool_id, -sum(l.delta)::int as held from stock_ledger l
            where l.tool_id in (select id from _load_tools) and l.reason <> 'initial' group by l.tool_id) h
      where s.tool_id = h.tool_id and s.reason = 'initial' and h.held <> 0`);
    log(`stock ledger (${elapsed()})`);
    // Each order's history as the shop would have written it (migration 0014): paid by the
    // buyer, shipped by the shop, cancelled by the buyer or, once the hold ran out, by the shop.
    await run(`
      insert into order_events (order_id, at, type, by, note)
      select id, at, type, by, note from (
        select o.id, o.paid_at as at, 'paid' as type, 'buyer' as by, null::text as note, 1 as step
        from orders o where o.user_id in (select id from _load_users) and o.paid_at is not null
        union all
        select o.id, o.shipped_at, 'shipped', 'shop', null, 2
        from orders o where o.user_id in (select id from _load_users) and o.shipped_at is not null
        union all
        select o.id, o.cancelled_at, 'cancelled', case when o.hold_until <= o.cancelled_at then 'shop' else 'buyer' end,
          case when o.hold_until <= o.cancelled_at then 'the hold ran out' end, 3
        from orders o where o.user_id in (select id from _load_users) and o.cancelled_at is not null
      ) h
      order by at, step`);
    log(`order history (${elapsed()})`);

    const [{ n: linesAfter } = { n: 0 }] = await rows(
      tx,
      'select count(*)::int as n from order_lines',
      countRow,
    );
    const [heaviest = { email: '', n: 0 }] = await rows(
      tx,
      `select u.email, count(*)::int as n from orders o join _load_users u on u.id = o.user_id
        group by u.email order by n desc limit 1`,
      z.object({ email: z.string(), n: z.number() }),
    );

    // A customer signed up a little before their first order.
    await run(`
      update "user" u set created_at = f.first - make_interval(secs => 3600 + ${rnd('f.n', salt + 60)} * ${30 * DAY}),
                          updated_at = f.first
      from (select user_id, min(created_at) as first, count(*) as n from orders
            where user_id in (select id from _load_users) group by user_id) f
      where u.id = f.user_id`);

    // Reviews by customers who received their tools.
    const reviewCount = Math.min(2000, Math.max(5, Math.round(N / 1000)));
    await run(`
      insert into reviews (id, name, description, rating, author_email, verified, created_at)
      select ${uuidOf(`'${tag}r' || i`)}, u.name, (${arr(reviewTexts)})[1 + floor(${rnd('i', salt + 70)} * ${reviewTexts.length})::int],
             case when ${rnd('i', salt + 71)} < 0.6 then 5 when ${rnd('i', salt + 71)} < 0.88 then 4 else 3 end,
             u.email, true, ${nowLit} - make_interval(secs => ${rnd('i', salt + 72)} * ${720 * DAY})
      from generate_series(1, ${reviewCount}) i
      join _load_users u on u.idx = floor(${rnd('i', salt + 73)} * ${M})::int`);
    log(`reviews: ${reviewCount} (${elapsed()})`);

    for (const k of keys) {
      const t0 = Date.now();
      await run(`alter table ${k.table} add constraint "${k.name}" ${k.def}`);
      log(
        `${k.primary ? 'primary key' : 'foreign key'} ${k.name} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    for (const ix of indexes) {
      const t0 = Date.now();
      await run(ix.def);
      log(`index ${ix.name} built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    await run('drop table _load_tools');
    await run('drop table _load_users');
    return { lines: linesAfter - linesBefore, reviews: reviewCount, heaviest };
  });

  await database.db.execute(sql.raw('vacuum (analyze) orders, order_lines, "user", account, tools, reviews'));
  log(`vacuumed and analysed (${elapsed()})`);

  return {
    password,
    tools: K,
    users: M,
    orders: N,
    lines: result.lines,
    reviews: result.reviews,
    heaviest: { email: result.heaviest.email, orders: result.heaviest.n },
    seconds: (Date.now() - started) / 1000,
  };
}
