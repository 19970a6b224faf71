import { describe, expect, it } from 'vitest';
import type { ChangeListener } from '../db/client';
import { SessionCache } from './session-cache';

/** Two instances' worth of listeners on one in-memory channel. */
function channel() {
  const subscribers: { onNotice: (p: string) => void; onReset: () => void }[] = [];
  const listener: ChangeListener = {
    async subscribe(onNotice, onReset) {
      subscribers.push({ onNotice, onReset });
    },
    async notify(payload) {
      for (const s of subscribers) s.onNotice(payload);
    },
    listening: true,
    logTo() {},
  };
  const reset = () => {
    for (const s of subscribers) s.onReset();
  };
  return { listener, reset };
}

/** A lookup that finds `value` for the credential `key`. */
const found =
  (key: string, value: string, userId = 'u1', expiresAt = new Date(Date.now() + 3_600_000)) =>
  async () => ({ value, userId, expiresAt, key });

describe('SessionCache', () => {
  it('answers from memory after the first lookup, and never stores a missing session', async () => {
    const cache = new SessionCache<string>(channel().listener);
    await cache.start();
    let lookups = 0;
    const load = async () => {
      lookups++;
      return { value: 'Aya', userId: 'u1', expiresAt: new Date(Date.now() + 60_000), key: 'cookie-a' };
    };
    expect(await cache.get('cookie-a', load)).toBe('Aya');
    expect(await cache.get('cookie-a', load)).toBe('Aya');
    expect(lookups).toBe(1);
    expect(await cache.get('cookie-b', async () => null)).toBeNull();
    expect(await cache.get('cookie-b', found('cookie-b', 'Ben', 'u2'))).toBe('Ben');
  });

  it('looks up again after the time to live or the session expiry, whichever is first', async () => {
    let now = 1_000_000;
    const cache = new SessionCache<string>(channel().listener, { ttlMs: 60_000, now: () => now });
    await cache.start();
    await cache.get('a', found('a', 'first', 'u1', new Date(now + 10_000)));
    now += 10_001;
    expect(await cache.get('a', found('a', 'second'))).toBe('second');
    now += 59_999;
    expect(await cache.get('a', found('a', 'third'))).toBe('second');
    now += 2;
    expect(await cache.get('a', found('a', 'fourth'))).toBe('fourth');
  });

  it("forgets a user's entries on every instance, and everything when notices may be lost", async () => {
    const { listener, reset } = channel();
    const one = new SessionCache<string>(listener);
    const two = new SessionCache<string>(listener);
    await one.start();
    await two.start();
    await two.get('aya-phone', found('aya-phone', 'Aya', 'u1'));
    await two.get('aya-laptop', found('aya-laptop', 'Aya', 'u1'));
    await two.get('ben', found('ben', 'Ben', 'u2'));
    await one.forget('u1');
    expect(await two.get('aya-phone', found('aya-phone', 'Aya renamed', 'u1'))).toBe('Aya renamed');
    expect(await two.get('aya-laptop', async () => null)).toBeNull();
    expect(await two.get('ben', found('ben', 'not looked up', 'u2'))).toBe('Ben');
    reset();
    expect(await two.get('ben', found('ben', 'Ben again', 'u2'))).toBe('Ben again');
  });

  it('does not store a lookup that was under way when a change came', async () => {
    const { listener } = channel();
    const cache = new SessionCache<string>(listener);
    await cache.start();
    const slow = cache.get('a', async () => {
      await cache.forget('u1'); // e.g. signed out while the lookup was in flight
      return { value: 'stale', userId: 'u1', expiresAt: new Date(Date.now() + 60_000), key: 'a' };
    });
    expect(await slow).toBe('stale');
    expect(await cache.get('a', found('a', 'fresh'))).toBe('fresh');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new SessionCache<string>(channel().listener, { maxEntries: 2 });
    await cache.start();
    await cache.get('a', found('a', 'A'));
    await cache.get('b', found('b', 'B'));
    await cache.get('c', found('c', 'C'));
    expect(await cache.get('a', found('a', 'A again'))).toBe('A again');
    expect(await cache.get('c', found('c', 'not looked up'))).toBe('C');
  });

  it('keeps a value only under the key it was found for', async () => {
    const cache = new SessionCache<string>(channel().listener);
    await cache.start();
    expect(await cache.get('token-a', found('token-b', 'Ben'))).toBe('Ben');
    expect(cache.size).toBe(0);
    expect(await cache.get('token-a', found('token-a', 'Aya'))).toBe('Aya');
    expect(cache.size).toBe(1);
  });

  it('drops entries past their time when looked up and in a sweep, without any lookup of theirs', async () => {
    let now = 1_000_000;
    const cache = new SessionCache<string>(channel().listener, { ttlMs: 60_000, now: () => now });
    await cache.start();
    for (const key of ['a', 'b', 'c']) await cache.get(key, found(key, key.toUpperCase()));
    await cache.get('short', found('short', 'S', 'u2', new Date(now + 1_000)));
    expect(cache.size).toBe(4);
    now += 2_000;
    expect(await cache.get('short', async () => null)).toBeNull();
    expect(cache.size).toBe(3);
    now += 60_000;
    // One new entry after a time-to-live sweeps out everything that expired meanwhile.
    await cache.get('d', found('d', 'D'));
    expect(cache.size).toBe(1);
    expect(await cache.get('d', found('d', 'not looked up'))).toBe('D');
  });

  it('stores nothing while notices may be missed, and drops everything once listening again', async () => {
    const { listener, reset } = channel();
    const notices = { ...listener, listening: true };
    const cache = new SessionCache<string>(notices);
    await cache.start();
    await cache.get('a', found('a', 'Aya'));
    notices.listening = false;
    reset();
    expect(await cache.get('a', found('a', 'Aya looked up'))).toBe('Aya looked up');
    expect(await cache.get('a', found('a', 'Aya looked up again'))).toBe('Aya looked up again');
    expect(cache.size).toBe(0);
    notices.listening = true;
    reset();
    expect(await cache.get('a', found('a', 'Aya kept'))).toBe('Aya kept');
    expect(await cache.get('a', found('a', 'not looked up'))).toBe('Aya kept');
  });
});
