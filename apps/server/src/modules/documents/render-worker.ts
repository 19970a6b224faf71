import type { Language } from '@kanna/shared/domain/languages';
import { answerJobs } from '../../lib/job-thread';
import type { DocumentModel } from './model';
import { renderDocument } from './render';

/*
 * The thread documents are drawn on (modules/archive/drawing.ts; decision 0052): a model in, PDF
 * bytes out, so a burst of first downloads never holds the server's thread. The fonts are parsed
 * once, on its first document.
 */
answerJobs<{ model: DocumentModel; language: Language }, Uint8Array>(
  async ({ model, language }) => {
    const pdf = await renderDocument(model, language);
    const bytes = new Uint8Array(pdf.byteLength);
    bytes.set(pdf);
    return bytes;
  },
  { transfer: (bytes) => [bytes.buffer as ArrayBuffer] },
);
