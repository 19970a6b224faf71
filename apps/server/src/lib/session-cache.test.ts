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
  };
  const reset = () => {
    for (const s of subscribers) s.onReset();
  };
  return { listener, reset };
}

const found =
  (value: string, userId = 'u1', expiresAt = new Date(Date.now() + 3_600_000)) =>
  async () => ({ value, userId, expiresAt });

describe('SessionCache', () => {
  it('answers from memory after the first lookup, and never stores a missing session', async () => {
    const cache = new SessionCache<string>(channel().listener);
    await cache.start();
    let lookups = 0;
    const load = async () => {
      lookups++;
      return { value: 'Aya', userId: 'u1', expiresAt: new Date(Date.now() + 60_000) };
    };
    expect(await cache.get('cookie-a', load)).toBe('Aya');
    expect(await cache.get('cookie-a', load)).toBe('Aya');
    expect(lookups).toBe(1);
    expect(await cache.get('cookie-b', async () => null)).toBeNull();
    expect(await cache.get('cookie-b', found('Ben', 'u2'))).toBe('Ben');
  });

  it('looks up again after the time to live or the session expiry, whichever is first', async () => {
    let now = 1_000_000;
    const cache = new SessionCache<string>(channel().listener, { ttlMs: 60_000, now: () => now });
    await cache.start();
    await cache.get('a', found('first', 'u1', new Date(now + 10_000)));
    now += 10_001;
    expect(await cache.get('a', found('second'))).toBe('second');
    now += 59_999;
    expect(await cache.get('a', found('third'))).toBe('second');
    now += 2;
    expect(await cache.get('a', found('fourth'))).toBe('fourth');
  });

  it("forgets a user's entries on every instance, and everything when notices may be lost", async () => {
    const { listener, reset } = channel();
    const one = new SessionCache<string>(listener);
    const two = new SessionCache<string>(listener);
    await one.start();
    await two.start();
    await two.get('aya-phone', found('Aya', 'u1'));
    await two.get('aya-laptop', found('Aya', 'u1'));
    await two.get('ben', found('Ben', 'u2'));
    await one.forget('u1');
    expect(await two.get('aya-phone', found('Aya renamed', 'u1'))).toBe('Aya renamed');
    expect(await two.get('aya-laptop', async () => null)).toBeNull();
    expect(await two.get('ben', found('not looked up', 'u2'))).toBe('Ben');
    reset();
    expect(await two.get('ben', found('Ben again', 'u2'))).toBe('Ben again');
  });

  it('does not store a lookup that was under way when a change came', async () => {
    const { listener } = channel();
    const cache = new SessionCache<string>(listener);
    await cache.start();
    const slow = cache.get('a', async () => {
      await cache.forget('u1'); // e.g. signed out while the lookup was in flight
      return { value: 'stale', userId: 'u1', expiresAt: new Date(Date.now() + 60_000) };
    });
    expect(await slow).toBe('stale');
    expect(await cache.get('a', found('fresh'))).toBe('fresh');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new SessionCache<string>(channel().listener, { maxEntries: 2 });
    await cache.start();
    await cache.get('a', found('A'));
    await cache.get('b', found('B'));
    await cache.get('c', found('C'));
    expect(await cache.get('a', found('A again'))).toBe('A again');
    expect(await cache.get('c', found('not looked up'))).toBe('C');
  });
});
