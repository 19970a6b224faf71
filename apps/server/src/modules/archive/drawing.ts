import { Worker } from 'node:worker_threads';
import type { Language } from '@kanna/shared/domain/languages';
import type { DocumentModel } from '../documents/model';

/*
 * Drawing documents off the server's thread (decision 0052): one worker thread
 * (render-worker.ts), started on the first document and kept; jobs queue on it in order. While
 * none is pending it does not keep the process alive. If it dies, what it was drawing fails and
 * the next document starts a new one.
 */

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };
type Answer = { id: number; pdf?: Uint8Array; error?: string };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function started(): Worker {
  if (worker) return worker;
  // From the sources (tests, tsx) through tsx; the built server bundles the worker (build.mjs).
  const w = import.meta.url.endsWith('.ts')
    ? new Worker(new URL('../../backup/from-sources.mjs', import.meta.url), {
        workerData: { script: '../modules/documents/render-worker.ts' },
      })
    : new Worker(new URL('./modules/documents/render-worker.js', import.meta.url));
  w.unref();
  w.on('message', (answer: Answer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if (pending.size === 0) w.unref();
    if (answer.pdf) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else job.reject(new Error(`the document could not be drawn: ${answer.error ?? 'no answer'}`));
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const [id, job] of pending) {
      pending.delete(id);
      job.reject(err);
    }
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the documents' thread stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/** `model` drawn as a PDF in `language`, on the documents' thread. */
export function drawOffThread(model: DocumentModel, language: Language): Promise<Buffer> {
  const w = started();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, model, language });
  });
}
