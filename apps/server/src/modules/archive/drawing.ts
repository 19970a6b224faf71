import type { Language } from '@kanna/shared/domain/languages';
import { jobThread } from '../../lib/job-thread';
import type { DocumentModel } from '../documents/model';

/*
 * Drawing documents off the server's thread (decision 0052): one worker thread
 * (documents/render-worker.ts, through lib/job-thread.ts), started on the first document and
 * kept. While none is pending it does not keep the process alive. If it dies, what it was drawing
 * fails and the next document starts a new one.
 */
const thread = jobThread<{ model: DocumentModel; language: Language }, Uint8Array>(
  'modules/documents/render-worker',
  'the document could not be drawn',
);

/** `model` drawn as a PDF in `language`, on the documents' thread. */
export async function drawOffThread(model: DocumentModel, language: Language): Promise<Buffer> {
  const pdf = await thread.run({ model, language });
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
