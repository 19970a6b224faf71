import { parentPort, Worker } from 'node:worker_threads';

/*
 * Work taken off the server's thread (documents drawn, mails composed): one worker thread per
 * kind, started on its first job and kept; jobs are answered by id, in whatever order they finish.
 * While none is pending it does not keep the process alive. If it dies, the jobs it held fail and
 * the next job starts a new one. The worker's side is `answerJobs` below.
 *
 * Jobs handed over in the same turn of the event loop cross to the thread in one message, and
 * answers ready in the same turn come back in one (`outgoing`): a call of place_orders answers
 * dozens of orders at once, each mailing its buyer, and a message per mail (and per answer) cost
 * the server's thread more than the mails' text (decision 0079).
 */

type Pending<Out> = { resolve: (out: Out) => void; reject: (err: Error) => void };
type Answer<Out> = { id: number; out?: Out; error?: string };
type Job<In> = { id: number; job: In };

/**
 * Items sent together: each `send`, and every other made before the event loop's next turn,
 * reach `post` in one list (with the buffers to move, in the same order).
 */
function outgoing<T>(post: (items: T[], transfer: ArrayBuffer[]) => void) {
  let items: T[] = [];
  let transfer: ArrayBuffer[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = items;
    const moved = transfer;
    items = [];
    transfer = [];
    if (batch.length) post(batch, moved);
  };
  return (item: T, moved: ArrayBuffer[] = []) => {
    items.push(item);
    for (const buffer of moved) if (!transfer.includes(buffer)) transfer.push(buffer);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

export type JobThread<In, Out> = {
  run(job: In, transfer?: ArrayBuffer[]): Promise<Out>;
  /** Ends the thread (its pending jobs fail); the next job starts a new one. */
  stop(): Promise<void>;
};

/**
 * The thread of `script` (a path from `src/`, e.g. `modules/mail/mail-worker`): from the sources
 * (tests, tsx) through tsx; the built server bundles each worker beside server.js (build.mjs).
 * `data` reaches the worker as `workerData.data`. `what` names the thread in its errors.
 */
export function jobThread<In, Out>(script: string, what: string, data?: unknown): JobThread<In, Out> {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending<Out>>();
  let nextId = 0;

  function started(): Worker {
    if (worker) return worker;
    const w = import.meta.url.endsWith('.ts')
      ? new Worker(new URL('../backup/from-sources.mjs', import.meta.url), {
          workerData: { script: `../${script}.ts`, data },
        })
      : new Worker(new URL(`./${script}.js`, import.meta.url), { workerData: { data } });
    w.unref();
    w.on('message', (answers: Answer<Out>[]) => {
      for (const answer of answers) {
        const job = pending.get(answer.id);
        if (!job) continue;
        pending.delete(answer.id);
        if (answer.error === undefined) job.resolve(answer.out as Out);
        else job.reject(new Error(`${what}: ${answer.error}`));
      }
      if (pending.size === 0) w.unref();
    });
    const fail = (err: Error) => {
      if (worker === w) worker = undefined;
      for (const [id, job] of pending) {
        pending.delete(id);
        job.reject(err);
      }
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`${what}: the thread stopped (exit code ${code})`)));
    worker = w;
    return w;
  }

  // Jobs whose thread died before they crossed were failed with it: only the others go.
  const send = outgoing<Job<In>>((jobs, transfer) => {
    const waiting = jobs.filter((j) => pending.has(j.id));
    if (waiting.length) started().postMessage(waiting, transfer);
  });

  return {
    run(job, transfer) {
      const w = started();
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        send({ id, job }, transfer);
      });
    },
    async stop() {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}

/**
 * The worker's side: each job handed to `work`, its answer (or its error's message) posted back
 * under the job's id; `transfer` names buffers of the answer to move rather than copy. `atOnce`:
 * at most that many jobs worked on at a time, the others started in the order they came (all at
 * once by default).
 */
export function answerJobs<In, Out>(
  work: (job: In) => Promise<Out>,
  {
    transfer = () => [],
    atOnce = Number.POSITIVE_INFINITY,
  }: { transfer?: (out: Out) => ArrayBuffer[]; atOnce?: number } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('answerJobs runs on a worker thread');
  const answer = outgoing<Answer<Out>>((answers, moved) => port.postMessage(answers, moved));
  const waiting: Job<In>[] = [];
  let running = 0;
  const startNext = () => {
    while (running < atOnce && waiting.length) {
      const { id, job } = waiting.shift() as Job<In>;
      running++;
      work(job)
        .then(
          (out) => answer({ id, out }, transfer(out)),
          (err: unknown) => answer({ id, error: err instanceof Error ? err.message : String(err) }),
        )
        .finally(() => {
          running--;
          startNext();
        });
    }
  };
  port.on('message', (jobs: Job<In>[]) => {
    waiting.push(...jobs);
    startNext();
  });
}
