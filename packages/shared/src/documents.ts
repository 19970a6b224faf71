import { z } from 'zod';
import { idParam } from './common';
import { documentKinds } from './domain/documents';
import { languages } from './domain/languages';
import { says, told } from './domain/messages';

/** GET /api/orders/{id}/documents/{kind}.pdf: which order, which document. */
export const documentParams = idParam.extend({
  kind: z.enum(documentKinds, {
    ...told(says.documentKindInvalid(documentKinds.join(', '))),
  }),
});

/**
 * In which language: the buyer's when not given (their account's, else the one they ordered in),
 * for the buyer and for an admin alike; `lang` asks for another (an admin's English copy).
 */
export const documentQuery = z.object({
  lang: z.enum(languages, told(says.languageInvalid(languages.join(', ')))).optional(),
});

/** The document itself: PDF bytes, never JSON. */
export const pdfBytes = z.unknown().describe('application/pdf');
