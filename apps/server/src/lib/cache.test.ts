import { describe, expect, it } from 'vitest';
import type { ChangeListener } from '../db/client';
import { isCurrent, MAX_BOUNDED_ANSWERS, MAX_BOUNDED_BYTES, PublicCache } from './cache';

/** A change bus in memory: what one instance notifies, every subscriber hears. */
function bus() {
  const subscribers: { notice: (p: string) => void; reset: () => void }[] = [];
  const listener: ChangeListener = {
    async subscribe(notice, reset) {
      subscribers.push({ notice, reset });
    },
    async notify(payload) {
      for (const s of subscribers) s.notice(payload);
    },
    listening: true,
    logTo() {},
  };
  const reset = () => {
    for (const s of subscribers) s.reset();
  };
  return { listener, reset };
}

describe('PublicCache', () => {
  it('loads once, then answers from memory', async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect((await cache.get('t', 'k', load)).body.toString()).toBe('{"n":1}');
    expect((await cache.get('t', 'k', load)).body.toString()).toBe('{"n":1}');
    expect(loads).toBe(1);
  });

  it('hands a loaded answer out as it is, with no promise to wait on; a failed load is tried again', async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    const first = cache.get('t', 'k', async () => ({ n: 1 }));
    expect(first).toBeInstanceOf(Promise);
    const loaded = await first;
    const again = cache.get('t', 'k', () => Promise.reject(new Error('loaded twice')));
    expect(again).toBe(loaded);

    await expect(cache.value('t', 'v', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    const retried = cache.value('t', 'v', async () => 'back');
    expect(await retried).toBe('back');
    expect(cache.value('t', 'v', () => Promise.reject(new Error('loaded twice')))).toBe('back');
  });

  it('never keeps a load that was under way when a write happened', async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    let release!: () => void;
    const slow = cache.get('t', 'k', () => new Promise((r) => (release = () => r('old'))));
    await cache.changed('t');
    release();
    expect((await slow).body.toString()).toBe('"old"');
    expect((await cache.get('t', 'k', async () => 'new')).body.toString()).toBe('"new"');
  });

  it('drops a topic on every instance, and everything when notices may have been lost', async () => {
    const b = bus();
    const a = new PublicCache(b.listener);
    const other = new PublicCache(b.listener);
    await a.start();
    await other.start();
    await other.get('catalog', 'k', async () => 1);
    await other.get('reviews', 'k', async () => 1);
    await a.changed('catalog');
    await a.flush();
    expect((await other.get('catalog', 'k', async () => 2)).body.toString()).toBe('2');
    expect((await other.get('reviews', 'k', async () => 2)).body.toString()).toBe('1');
    b.reset();
    expect((await other.get('reviews', 'k', async () => 3)).body.toString()).toBe('3');
  });

  it('does not remember a failed load', async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    await expect(cache.get('t', 'k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect((await cache.get('t', 'k', async () => 'ok')).body.toString()).toBe('"ok"');
  });
});

describe('PublicCache values and bounded answers', () => {
  it('keeps a value until its topic changes, and answers computed from it with it', async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    let loads = 0;
    const value = () => cache.value('t', 'all', async () => [++loads]);
    expect(await value()).toEqual([1]);
    expect((await cache.get('t', 'first', async () => (await value())[0])).body.toString()).toBe('1');
    expect(loads).toBe(1);
    await cache.changed('t');
    expect(await value()).toEqual([2]);
  });

  it(`keeps at most ${MAX_BOUNDED_ANSWERS} bounded answers per topic, dropping the least recently used`, async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    const loads = new Map<string, number>();
    const ask = (key: string) =>
      cache.get(
        't',
        key,
        async () => {
          loads.set(key, (loads.get(key) ?? 0) + 1);
          return key;
        },
        { bounded: true },
      );
    await ask('kept');
    for (let i = 0; i < MAX_BOUNDED_ANSWERS - 1; i++) await ask(`q${i}`);
    await ask('kept'); // used again: now the most recent
    await ask('one more'); // over the bound: q0, the least recently used, goes
    await ask('kept');
    await ask('q1');
    expect(loads.get('kept')).toBe(1);
    expect(loads.get('q1')).toBe(1);
    await ask('q0');
    expect(loads.get('q0')).toBe(2);
  });

  it(`keeps bounded answers within ${MAX_BOUNDED_BYTES / 1024 / 1024} MB per topic, dropping the least recently used`, async () => {
    const cache = new PublicCache(bus().listener);
    await cache.start();
    let loads = 0;
    // Each answer counts twice its body (its compressed forms): a tenth of the budget.
    const big = 'x'.repeat(MAX_BOUNDED_BYTES / 20 - 100);
    const ask = (key: string) =>
      cache.get(
        't',
        key,
        async () => {
          loads++;
          return `${key}${big}`;
        },
        { bounded: true },
      );
    for (let i = 0; i < 10; i++) await ask(`a${i}`);
    expect(loads).toBe(10);
    await ask('a0'); // all ten fit, just
    expect(loads).toBe(10);
    await ask('one more'); // a1 is now the least recently used: it goes
    await ask('a0');
    await ask('a2');
    expect(loads).toBe(11);
    await ask('a1');
    expect(loads).toBe(12);
  });
});

describe('PublicCache notices', () => {
  it('coalesces a burst of changes into one notice per topic', async () => {
    let sent = 0;
    const cache = new PublicCache({
      async subscribe() {},
      async notify() {
        sent++;
      },
      listening: true,
      logTo() {},
    });
    for (let i = 0; i < 50; i++) await cache.changed('catalog');
    await cache.flush();
    expect(sent).toBe(1);
    await cache.changed('catalog');
    await cache.flush();
    expect(sent).toBe(2);
  });
});

describe('PublicCache while notices may be missed', () => {
  it('keeps nothing, answers nothing that may be replayed, and keeps again once listening', async () => {
    const { listener, reset } = bus();
    const notices = { ...listener, listening: true };
    const cache = new PublicCache(notices);
    await cache.start();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const before = await cache.get('catalog', 'list', load);
    notices.listening = false;
    reset();
    expect(isCurrent(before)).toBe(false);
    const deaf = await cache.get('catalog', 'list', load);
    expect(deaf.body.toString()).toBe('{"n":2}');
    expect(isCurrent(deaf)).toBe(false);
    expect((await cache.get('catalog', 'list', load)).body.toString()).toBe('{"n":3}');
    expect(await cache.value('catalog', 'all', load)).toEqual({ n: 4 });
    expect(await cache.value('catalog', 'all', load)).toEqual({ n: 5 });
    notices.listening = true;
    reset();
    const kept = await cache.get('catalog', 'list', load);
    expect(kept.body.toString()).toBe('{"n":6}');
    expect(isCurrent(kept)).toBe(true);
    expect(await cache.get('catalog', 'list', load)).toBe(kept);
  });
});
