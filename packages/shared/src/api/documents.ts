import { endpoint } from './endpoint';

/*
 * The archive of issued documents (docs/orders.md, "The document archive"; decision 0052): every
 * document the shop issued, as it was issued.
 */
const tags = ['documents'];
const schemas = () => import('../archive');

export const listDocuments = endpoint({
  method: 'GET',
  path: '/api/documents',
  access: 'admin',
  summary: 'The archive of issued documents, newest first (admin; one page)',
  description:
    'Searched by the period issued (`from`, `to`: a date is that whole day in the shop’s time zone), the amount (`min`, `max`: signed dollars, a credit note’s amount is negative) and the counterparty (`q`: part of the buyer’s name), and by `kind`; every key optional, all combined.',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.archiveQuery, response: s.archiveList };
  },
});

export const getIssuedDocument = endpoint({
  method: 'GET',
  path: '/api/documents/:number.pdf',
  produces: 'application/pdf',
  access: 'user',
  perMinute: 120,
  perAccountPerMinute: 60,
  summary: 'An issued document as it was issued (an admin, or the buyer it was issued to)',
  description:
    'The stored bytes, the same on every download. `lang` asks for the other language’s copy, drawn from the data the document was issued with and marked as a copy. Another buyer’s document, a number no series writes and a number not issued are all 404.',
  tags,
  schemas: async () => {
    const [s, d] = await Promise.all([schemas(), import('../documents')]);
    return { params: s.issuedDocumentParams, query: s.issuedDocumentQuery, response: d.pdfBytes };
  },
});

export const exportDocuments = endpoint({
  method: 'GET',
  path: '/api/documents/export',
  produces: 'application/zip',
  access: 'admin',
  perMinute: 6,
  refusals: { 400: 'the period is longer than 366 days or holds more than 50,000 documents' },
  summary: 'The documents issued in a period, as one ZIP of their PDFs with a CSV index (admin)',
  description:
    '`from` and `to` are dates (whole days in the shop’s time zone) or instants; the period may cover at most 366 days and 50,000 documents, else 400 saying which limit.',
  tags,
  schemas: async () => {
    const [s, d] = await Promise.all([schemas(), import('../documents')]);
    return { query: s.archiveExportQuery, response: d.pdfBytes };
  },
});
