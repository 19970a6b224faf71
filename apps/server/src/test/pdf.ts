import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF reader finds in a document, as a person would copy it: each page's runs of
 * text joined by spaces (line ends too), with its page count. Parsing fails on a broken PDF.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) texts.push(item.str);
    }
    return { pages: pdf.numPages, text: texts.join(' ').replace(/\s+/g, ' ') };
  } finally {
    await pdf.destroy();
  }
}
