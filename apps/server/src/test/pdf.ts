import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF reader finds in a document, as a person would copy it: each page's runs of
 * text joined by spaces (line ends too), the whole and page by page, with its page count.
 * Parsing fails on a broken PDF.
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ pages: number; text: string; perPage: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const perPage: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const runs = content.items.flatMap((item) => ('str' in item ? [item.str] : []));
      perPage.push(runs.join(' ').replace(/\s+/g, ' ').trim());
    }
    return { pages: pdf.numPages, text: perPage.join(' '), perPage };
  } finally {
    await pdf.destroy();
  }
}

/** The document's Info dictionary as a PDF reader reads it (its keys are case-sensitive). */
export async function pdfInfo(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    return (await pdf.getMetadata()).info as Record<string, unknown>;
  } finally {
    await pdf.destroy();
  }
}
