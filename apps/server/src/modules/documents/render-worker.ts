import { parentPort } from 'node:worker_threads';
import type { Language } from '@kanna/shared/domain/languages';
import type { DocumentModel } from './model';
import { renderDocument } from './render';

/*
 * The thread documents are drawn on (modules/archive/drawing.ts; decision 0052): a model in, PDF bytes out, one
 * job after another, so a burst of first downloads never holds the server's thread. The fonts
 * are parsed once, on its first document.
 */
type Job = { id: number; model: DocumentModel; language: Language };

parentPort?.on('message', (job: Job) => {
  renderDocument(job.model, job.language).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.byteLength);
      bytes.set(pdf);
      parentPort?.postMessage({ id: job.id, pdf: bytes }, [bytes.buffer]);
    },
    (err: unknown) =>
      parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
