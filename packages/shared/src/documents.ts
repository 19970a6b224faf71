import { z } from 'zod';
import { idParam } from './common';
import { documentKinds } from './domain/documents';

/** GET /api/orders/{id}/documents/{kind}.pdf: which order, which document. */
export const documentParams = idParam.extend({
  kind: z.enum(documentKinds, {
    message: `The document is one of ${documentKinds.join(', ')}.`,
  }),
});

/** The document itself: PDF bytes, never JSON. */
export const pdfBytes = z.unknown().describe('application/pdf');
