import type { ChangeListener } from '../db/client';

const PREFIX = 'account:';

type Entry<T> = { value: T; userId: string; until: number };

/** What a lookup found: the value, whose it is, until when, and the key it may be kept under. */
export type Found<T> = { value: T; userId: string; expiresAt: Date; key: string };

/**
 * Who is signed in, by session token, for up to a minute, so an authenticated call does not
 * cost a session query. The key is the session's token alone (never a whole header a client
 * can pad), entries past their time are dropped when looked up and by a sweep at most once a
 * time-to-live, and past `maxEntries` the oldest goes: memory stays bounded whatever is sent.
 *
 * Correct after changes: whatever changes an account or ends its sessions (sign-out, revoked
 * sessions, a new password, a role, a name, a deleted account) calls `forget(userId)`, which drops
 * that user's entries here and tells every other instance through LISTEN/NOTIFY before it
 * resolves. A lookup that began before a change is not stored; if the notice connection breaks,
 * everything is dropped, nothing is stored until it listens again, and everything is dropped
 * once more when it does. Only credentials the auth library accepted are ever stored.
 */
export class SessionCache<T> {
  private entries = new Map<string, Entry<T>>();
  /** Bumped by every forget: a lookup that saw another value may be stale and is not stored. */
  private generation = 0;
  private lastSweep = 0;

  constructor(
    private readonly changes: ChangeListener,
    private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {}

  async start(): Promise<void> {
    await this.changes.subscribe(
      (payload) => {
        if (payload.startsWith(PREFIX)) this.drop(payload.slice(PREFIX.length));
      },
      () => this.dropAll(),
    );
  }

  /** Forgets every entry, and a lookup under way is not stored (notices may have been missed). */
  private dropAll(): void {
    this.generation++;
    this.entries.clear();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private get ttlMs(): number {
    return this.options.ttlMs ?? 60_000;
  }

  /** How many entries are held (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value for `key`, or the result of `load` — stored when it is not null and was
   * found for this very key, until the earlier of the time-to-live and `expiresAt`.
   */
  async get(key: string, load: () => Promise<Found<T> | null>): Promise<T | null> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    const started = this.generation;
    const found = await load();
    if (!found) return null;
    // Not stored when a change (or a reset) came meanwhile, or while notices may be missed.
    if (started === this.generation && found.key === key && this.changes.listening) {
      const stored = this.now();
      this.sweep(stored);
      const until = Math.min(stored + this.ttlMs, found.expiresAt.getTime());
      this.entries.set(key, { value: found.value, userId: found.userId, until });
      // Oldest first: past the bound, the oldest entry makes room.
      if (this.entries.size > (this.options.maxEntries ?? 10_000)) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return found.value;
  }

  /** Drops every entry past its time; runs at most once per time-to-live, so its cost is spread thin. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.ttlMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }

  /** Call after a committed change to the account or its sessions; resolves once every instance was told. */
  async forget(userId: string): Promise<void> {
    this.drop(userId);
    await this.changes.notify(PREFIX + userId);
  }

  private drop(userId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }
}
