import { parentPort, Worker } from 'node:worker_threads';

/*
 * Work taken off the server's thread (documents drawn, mails composed): one worker thread per
 * kind, started on its first job and kept; jobs are answered by id, in whatever order they finish.
 * While none is pending it does not keep the process alive. If it dies, the jobs it held fail and
 * the next job starts a new one. The worker's side is `answerJobs` below.
 */

type Pending<Out> = { resolve: (out: Out) => void; reject: (err: Error) => void };
type Answer<Out> = { id: number; out?: Out; error?: string };

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
    w.on('message', (answer: Answer<Out>) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if (pending.size === 0) w.unref();
      if (answer.error === undefined) job.resolve(answer.out as Out);
      else job.reject(new Error(`${what}: ${answer.error}`));
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

  return {
    run(job, transfer) {
      const w = started();
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, job }, transfer ?? []);
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
 * under the job's id; `transfer` names buffers of the answer to move rather than copy.
 */
export function answerJobs<In, Out>(
  work: (job: In) => Promise<Out>,
  transfer: (out: Out) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('answerJobs runs on a worker thread');
  port.on('message', ({ id, job }: { id: number; job: In }) => {
    work(job).then(
      (out) => port.postMessage({ id, out }, transfer(out)),
      (err: unknown) => port.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
