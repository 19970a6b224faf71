import type { StoredBytes } from './archive.repository';

/*
 * Issued documents' bytes kept in memory (decision 0057): an issued document never changes
 * (decision 0052), so what was read once answers its later downloads without the database. On
 * the embedded database reading 25 KB of bytes back costs the server's thread more than the rest
 * of a download together (its answers are parsed in JavaScript). At most BUDGET bytes, the least
 * recently downloaded let go first; one store per database, so two shops in one process (tests)
 * never answer each other's numbers.
 */
const BUDGET = 32 * 1024 * 1024;

type Kept = StoredBytes & { orderKey: string | null };

class KeptBytes {
  /** By number, least recently used first (a Map keeps insertion order). */
  private byNumber = new Map<string, Kept>();
  /** `orderId:kind` → number. */
  private byOrder = new Map<string, string>();
  private bytes = 0;

  get(number: string): StoredBytes | undefined {
    const kept = this.byNumber.get(number);
    if (kept) {
      this.byNumber.delete(number);
      this.byNumber.set(number, kept);
    }
    return kept;
  }

  ofOrder(orderKey: string): StoredBytes | undefined {
    const number = this.byOrder.get(orderKey);
    return number === undefined ? undefined : this.get(number);
  }

  keep(stored: StoredBytes, orderKey: string | null): void {
    const had = this.byNumber.get(stored.number);
    if (had) {
      if (orderKey && !had.orderKey) {
        had.orderKey = orderKey;
        this.byOrder.set(orderKey, stored.number);
      }
      return;
    }
    if (stored.pdf.length > BUDGET / 16) return;
    this.byNumber.set(stored.number, { ...stored, orderKey });
    if (orderKey) this.byOrder.set(orderKey, stored.number);
    this.bytes += stored.pdf.length;
    for (const [number, old] of this.byNumber) {
      if (this.bytes <= BUDGET) break;
      this.byNumber.delete(number);
      if (old.orderKey) this.byOrder.delete(old.orderKey);
      this.bytes -= old.pdf.length;
    }
  }
}

const stores = new WeakMap<object, KeptBytes>();

function storeOf(db: object): KeptBytes {
  let store = stores.get(db);
  if (!store) {
    store = new KeptBytes();
    stores.set(db, store);
  }
  return store;
}

/** The issued document numbered `number` as stored: kept in memory once read by `read`. */
export async function keptByNumber(
  db: object,
  number: string,
  read: () => Promise<StoredBytes | undefined>,
): Promise<StoredBytes | undefined> {
  const store = storeOf(db);
  const kept = store.get(number);
  if (kept) return kept;
  const stored = await read();
  if (stored) store.keep(stored, null);
  return stored;
}

/** An order's issued document of `kind` when it is kept in memory already; undefined otherwise. Reads nothing. */
export function alreadyKeptOfOrder(db: object, orderId: string, kind: string): StoredBytes | undefined {
  return storeOf(db).ofOrder(`${orderId}:${kind}`);
}

/** An order's issued document of `kind` as stored: kept in memory once read by `read`. */
export async function keptOfOrder(
  db: object,
  orderId: string,
  kind: string,
  read: () => Promise<StoredBytes | undefined>,
): Promise<StoredBytes | undefined> {
  const store = storeOf(db);
  const orderKey = `${orderId}:${kind}`;
  const kept = store.ofOrder(orderKey);
  if (kept) return kept;
  const stored = await read();
  if (stored) store.keep(stored, orderKey);
  return stored;
}
