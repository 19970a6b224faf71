import { createHash } from 'node:crypto';
import type { ChangeListener } from '../db/client';

export type CachedBody = { body: string; etag: string };

const NOTICE_DELAY_MS = 5;

/** A serialised answer with its ETag, for `sendCached`. */
export function toCachedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Serialised answers to the hot public reads, kept per topic ("catalog", "reviews").
 *
 * Correct after writes: a write calls `changed(topic)`, which drops the topic's entries here
 * and tells every other instance on the same database through LISTEN/NOTIFY. Dropping replaces
 * the topic's map, so a load that began before the change finishes into the discarded map and
 * can never put stale data back. If the notice connection breaks, everything is dropped.
 */
export class PublicCache {
  private topics = new Map<string, Map<string, Promise<CachedBody>>>();
  private notices = new Map<string, Promise<void>>();

  constructor(
    private readonly changes: ChangeListener,
    /** A notice that could not be sent leaves other instances stale until their next notice. */
    private readonly onNoticeError: (topic: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    await this.changes.subscribe(
      (topic) => this.topics.delete(topic),
      () => this.topics.clear(),
    );
  }

  get(topic: string, key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Map();
      this.topics.set(topic, entries);
    }
    const hit = entries.get(key);
    if (hit) return hit;
    const pending = load().then(toCachedBody);
    entries.set(key, pending);
    // A failed load is not remembered.
    pending.catch(() => entries.get(key) === pending && entries.delete(key));
    return pending;
  }

  /**
   * Call after a committed write that changes what `topic` answers. This instance forgets the
   * topic at once; the notice to the others is coalesced per topic over a few milliseconds, so
   * a burst of orders costs one NOTIFY rather than one committed transaction each.
   */
  changed(topic: string): Promise<void> {
    this.topics.delete(topic);
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

  /** Resolves when every notice sent so far has gone out (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all(this.notices.values());
  }
}
