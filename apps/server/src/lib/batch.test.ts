import { describe, expect, it } from 'vitest';
import { batched } from './batch';

/** A `run` whose calls are recorded and end only when the test says so. */
function controlled() {
  const calls: { items: number[]; end: (results?: string[]) => void; fail: (err: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items, end: (results) => resolve(results ?? items.map((i) => `r${i}`)), fail: reject });
    });
  return { calls, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('batched', () => {
  it('sends an item at once when nothing is running', async () => {
    const { calls, run } = controlled();
    const submit = batched(run, { maxInFlight: 1, maxBatch: 10 });
    const answer = submit(7);
    expect(calls.map((c) => c.items)).toEqual([[7]]);
    calls[0]?.end();
    expect(await answer).toBe('r7');
  });

  it('gathers the items that arrive while calls are running into the next call, each answered with its own result', async () => {
    const { calls, run } = controlled();
    const submit = batched(run, { maxInFlight: 2, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map(submit);
    // Two calls at once, one item each; the rest wait.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[0]?.end();
    await tick();
    // The first call's end lets the waiting items go, at most three together.
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5]]);
    calls[1]?.end();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5], [6]]);
    calls[2]?.end(['c', 'd', 'e']);
    calls[3]?.end();
    expect(await Promise.all(answers)).toEqual(['r1', 'r2', 'c', 'd', 'e', 'r6']);
  });

  it("makes a failed call again for each item alone, so only the failing item's caller hears the error", async () => {
    const { calls, run } = controlled();
    const submit = batched(run, { maxInFlight: 1, maxBatch: 10 });
    const first = submit(1);
    const rest = [2, 3, 4].map((i) => submit(i).catch((err: Error) => err.message));
    calls[0]?.end();
    await first;
    await tick();
    expect(calls[1]?.items).toEqual([2, 3, 4]);
    calls[1]?.fail(new Error('the batch failed'));
    for (const item of [2, 3, 4]) {
      await tick();
      const call = calls.at(-1);
      expect(call?.items).toEqual([item]);
      if (item === 3) call?.fail(new Error('item 3 is bad'));
      else call?.end();
    }
    expect(await Promise.all(rest)).toEqual(['r2', 'item 3 is bad', 'r4']);
  });

  it('fails every item of a call that answers the wrong number of results', async () => {
    const { calls, run } = controlled();
    const submit = batched(run, { maxInFlight: 1, maxBatch: 10 });
    const answer = submit(1).catch((err: Error) => err.message);
    calls[0]?.end([]);
    expect(await answer).toBe('0 results for 1 items');
  });
});
