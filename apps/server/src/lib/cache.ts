import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { ChangeListener } from '../db/client';
import type { Page } from './paging';
import type { Admit } from './uncached-reads';

/**
 * A serialised answer: its bytes, a weak ETag (the same content whatever the encoding) and its
 * compressed forms, each made once, off the main thread, the first time a client asks for it.
 */
export type CachedBody = {
  body: Buffer;
  etag: string;
  encoded: Map<ContentEncoding, Ready<Buffer>>;
  /** For one page of a list: the cursor of the next page, or null on the last. */
  next: string | null;
  /** Its media type when it is not JSON (the web app's pages). */
  type?: string;
  /**
   * Headers of its own, sent with it and its 304 (a page's language: Content-Language, and a
   * `vary` that replaces the default one).
   */
  headers?: Readonly<Record<string, string>>;
  /** The topic it is kept under, for `isCurrent`; absent on answers not kept in a `PublicCache`. */
  keptUnder?: { readonly dropped: boolean };
  /** Compressed at the fastest settings: an answer to what a visitor chose, likely asked for once. */
  quick?: boolean;
};
export type ContentEncoding = 'br' | 'gzip';

/**
 * A value already there, or the promise of it while it loads. Kept answers are handed out as
 * they are, so the hot reads answer without creating a promise (a few microseconds each, more
 * on Node.js 20, where Better Auth's AsyncLocalStorage hooks every promise).
 */
export type Ready<T> = T | Promise<T>;

const NOTICE_DELAY_MS = 5;

/**
 * Whether `cached` is still what its topic answers: kept in a `PublicCache`, and no write has
 * dropped its topic since. An answer whose load began before a write is out of date at once.
 */
export const isCurrent = (cached: CachedBody): boolean =>
  cached.keptUnder !== undefined && !cached.keptUnder.dropped;

/** A serialised answer with its ETag, for `sendCached`; a page (lib/paging.ts) keeps its next cursor. */
function toCachedBody(value: unknown, keptUnder: Topic, quick: boolean): CachedBody {
  const page = isPage(value) ? value : null;
  const body = Buffer.from(page ? `[${page.items.map(itemJson).join(',')}]` : JSON.stringify(value));
  const etag = `W/"${createHash('sha1')
    .update(body)
    .update(page?.next ?? '')
    .digest('base64url')}"`;
  return { body, etag, encoded: new Map(), next: page?.next ?? null, keptUnder, quick };
}

/**
 * The JSON of one item of a page, made once per object: the catalogue's pages are cut from one
 * list of tools, the same objects until the catalogue changes, so a page of them is joined from
 * text already made. Items are never changed once loaded (a change loads new ones).
 */
const madeJson = new WeakMap<object, string>();
function itemJson(item: unknown): string {
  if (typeof item !== 'object' || item === null) return JSON.stringify(item) ?? 'null';
  let text = madeJson.get(item);
  if (text === undefined) {
    text = JSON.stringify(item);
    madeJson.set(item, text);
  }
  return text;
}

const isPage = (value: unknown): value is Page<unknown> =>
  typeof value === 'object' && value !== null && 'items' in value && 'next' in value && !Array.isArray(value);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's quality and gzip's level for answers the shop itself asks for again and again (a
 * tool, the first pages everyone sees): the best, made once on the thread pool and sent many
 * times.
 */
const best = { br: 9, gzip: 9 } as const;

/**
 * Brotli's quality and gzip's level for `quick` answers (a visitor's search, page or page size),
 * whose making a visitor can repeat at will: the fastest, made at once on this thread. Handing
 * a 20–80 KB page to the thread pool cost more than compressing it: a zlib stream, its events
 * and two hops between threads, ~0.2 ms of CPU a page before a byte was compressed. Brotli 1
 * compresses a page of 50 tools (34 KB) in ~0.05 ms and one of 200 (136 KB) in ~0.16 ms here,
 * 3–7 % larger than Brotli 2 (docs/decisions/0048; bench/catalog-flood.mjs measures a read).
 */
const QUICK_EFFORT = { br: 1, gzip: 1 } as const;

const brotliParams = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
  },
});

/**
 * Brotli's window, as large as the body and no larger. Its default, 4 MB, is allocated and
 * cleared for every body compressed: on a 21 KB page that was most of the work (quality 9:
 * 20 ms of CPU with the default window, 1.3 ms with this one; same bytes).
 */
const windowBits = (bytes: number) =>
  Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );

/**
 * The body in `encoding`, compressed once, then reused by every request: a `quick` answer at
 * once, the others on the thread pool (a promise until made).
 */
export function encodedBody(cached: CachedBody, encoding: ContentEncoding): Ready<Buffer> {
  let pending = cached.encoded.get(encoding);
  if (!pending) {
    pending = cached.quick
      ? encoding === 'br'
        ? brotliCompressSync(cached.body, brotliParams(cached.body, QUICK_EFFORT.br))
        : gzipSync(cached.body, { level: QUICK_EFFORT.gzip })
      : encoding === 'br'
        ? brotli(cached.body, brotliParams(cached.body, best.br))
        : gzipped(cached.body, { level: best.gzip });
    cached.encoded.set(encoding, pending);
  }
  return pending;
}

/**
 * Bounded answers (to what visitors choose: searches, pages, page sizes) are kept per topic
 * among the most recently used: at most this many, weighing at most `MAX_BOUNDED_BYTES`.
 */
export const MAX_BOUNDED_ANSWERS = 500;
/** Counted as twice each body: the body, and at most as much again for its compressed forms. */
export const MAX_BOUNDED_BYTES = 16 * 1024 * 1024;

/** What is kept for one topic: answers and values by key, plus the bounded answers. */
type Topic = {
  entries: Map<string, Ready<unknown>>;
  bounded: Map<string, Ready<unknown>>;
  /** Set when a write drops the topic: what was kept under it is out of date. */
  dropped: boolean;
};

/**
 * Serialised answers to the hot public reads, kept per topic ("catalog", "reviews"), and the
 * values they are computed from.
 *
 * Correct after writes: a write calls `changed(topic)`, which drops the topic's entries here
 * and tells every other instance on the same database through LISTEN/NOTIFY. Dropping replaces
 * the topic's maps, so a load that began before the change finishes into the discarded map and
 * can never put stale data back. If the notice connection breaks, everything is dropped, nothing
 * is kept until it listens again, and everything is dropped once more when it does.
 */
export class PublicCache {
  private topics = new Map<string, Topic>();
  private notices = new Map<string, Promise<void>>();

  constructor(
    private readonly changes: ChangeListener,
    /** A notice that could not be sent leaves other instances stale until their next notice. */
    private readonly onNoticeError: (topic: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    await this.changes.subscribe(
      (topic) => this.drop(topic),
      () => this.dropAll(),
    );
  }

  /** Forgets every topic, and ends the replays of what they held (notices may have been missed). */
  private dropAll(): void {
    for (const t of this.topics.values()) t.dropped = true;
    this.topics.clear();
  }

  /**
   * The answer for `key`, serialised once. `bounded` answers (to what visitors choose, whose
   * keys are endless) are kept only among the topic's most recently used few hundred, and
   * compressed at the fastest settings. `admit` is asked before an answer not kept is made: it
   * may refuse the caller (a per-address limit); answers kept are handed out without asking.
   */
  get(
    topic: string,
    key: string,
    load: () => Promise<unknown>,
    options: { bounded?: boolean; admit?: Admit } = {},
  ): Ready<CachedBody> {
    const t = this.topic(topic);
    const { bounded = false, admit } = options;
    const entries = bounded ? t.bounded : t.entries;
    const entryKey = bounded ? key : `answer:${key}`;
    const hit = entries.get(entryKey) as Ready<CachedBody> | undefined;
    if (hit !== undefined) {
      if (bounded) {
        // Most recently used last: the first key is the one to drop.
        entries.delete(entryKey);
        entries.set(entryKey, hit);
      }
      return hit;
    }
    if (admit) return admit().then(() => this.get(topic, key, load, { bounded }));
    const loaded = remember(entries, entryKey, () => load().then((value) => toCachedBody(value, t, bounded)));
    if (bounded) {
      keepWithin(entries);
      // Once its size is known, the answer itself may push the oldest out.
      Promise.resolve(loaded).then(
        () => keepWithin(entries),
        () => {},
      );
    }
    return loaded;
  }

  /**
   * A value kept like the answers (dropped when the topic changes) but not serialised: what
   * several answers are computed from, e.g. every tool on sale for the catalogue's lists and
   * searches.
   */
  value<T>(topic: string, key: string, load: () => Promise<T>): Ready<T> {
    return remember(this.topic(topic).entries, `value:${key}`, load);
  }

  private topic(name: string): Topic {
    // While notices from other instances may be missed, nothing is kept: a throwaway topic,
    // already out of date, so its answers are not replayed either.
    if (!this.changes.listening) return { entries: new Map(), bounded: new Map(), dropped: true };
    let t = this.topics.get(name);
    if (!t) {
      t = { entries: new Map(), bounded: new Map(), dropped: false };
      this.topics.set(name, t);
    }
    return t;
  }

  /**
   * Call after a committed write that changes what `topic` answers. This instance forgets the
   * topic at once; the notice to the others is coalesced per topic over a few milliseconds, so
   * a burst of orders costs one NOTIFY rather than one committed transaction each.
   */
  changed(topic: string): Promise<void> {
    this.drop(topic);
    let pending = this.notices.get(topic);
    if (!pending) {
      pending = new Promise<void>((resolve) => setTimeout(resolve, NOTICE_DELAY_MS))
        .then(() => {
          this.notices.delete(topic);
          return this.changes.notify(topic);
        })
        .catch(() => this.onNoticeError(topic));
      this.notices.set(topic, pending);
    }
    return Promise.resolve();
  }

  private drop(topic: string): void {
    const t = this.topics.get(topic);
    if (t) t.dropped = true;
    this.topics.delete(topic);
  }

  /** Resolves when every notice sent so far has gone out (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all(this.notices.values());
  }
}

/**
 * Drops the least recently used of `kept` (bounded answers, oldest first) until at most
 * `MAX_BOUNDED_ANSWERS` are left and their bodies weigh at most `MAX_BOUNDED_BYTES`, twice each.
 */
function keepWithin(kept: Map<string, Ready<unknown>>): void {
  const weight = (answer: Ready<unknown>) =>
    answer instanceof Promise ? 0 : 2 * (answer as CachedBody).body.length;
  let bytes = 0;
  for (const answer of kept.values()) bytes += weight(answer);
  for (const [key, answer] of kept) {
    if (kept.size <= MAX_BOUNDED_ANSWERS && bytes <= MAX_BOUNDED_BYTES) return;
    kept.delete(key);
    bytes -= weight(answer);
  }
}

/**
 * The entry for `key`, loading it once: the promise while it loads, then the value itself. A
 * failed load is not remembered. An entry replaced meanwhile (the topic changed) is left alone.
 */
function remember<T>(entries: Map<string, Ready<unknown>>, key: string, load: () => Promise<T>): Ready<T> {
  const hit = entries.get(key) as Ready<T> | undefined;
  if (hit !== undefined) return hit;
  const pending = load();
  entries.set(key, pending);
  pending.then(
    (value) => entries.get(key) === pending && entries.set(key, value),
    () => entries.get(key) === pending && entries.delete(key),
  );
  return pending;
}
