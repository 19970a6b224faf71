/**
 * Group commit for one kind of call (docs/decisions/0022): `run` takes several items and answers
 * one result per item, in order. An item goes at once when fewer than `maxInFlight` calls are
 * running; otherwise it waits, and every item that waited goes together (up to `maxBatch`) in the
 * next call as soon as one ends. A quiet shop's item goes alone and waits for nothing; a busy
 * one's share a call, a transaction and a commit.
 *
 * A call that fails for several items is made again for each alone, so an item's error is its
 * own and never another's.
 */
export function batched<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { maxInFlight, maxBatch }: { maxInFlight: number; maxBatch: number },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (result: O) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;

  async function call(batch: Waiting[]): Promise<void> {
    try {
      const results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length)
        throw new Error(`${results.length} results for ${batch.length} items`);
      for (const [i, w] of batch.entries()) w.resolve(results[i] as O);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const w of batch) await call([w]);
    }
  }

  function next(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight++;
      call(queue.splice(0, maxBatch)).finally(() => {
        inFlight--;
        next();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}
