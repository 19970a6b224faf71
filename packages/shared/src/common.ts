import { z } from 'zod';
import { MAX_PAGE_SIZE } from './domain/limits';
import { says, told } from './domain/messages';

/** Every error the API answers with (docs/api.md, "The API contract"). */
/** A message by its key in messages.ts (dotted for a grouped text) and the values it is made from. */
const keyedMessage = {
  key: z.string(),
  params: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  message: z.string(),
};

/**
 * Every error the API answers with (docs/api.md, "The API contract"): `code` the kind of refusal,
 * `key` and `params` the message by key, `message` the text made from them in the reader's language.
 */
export const apiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.string(),
  ...keyedMessage,
  errors: z.array(z.object({ path: z.string(), ...keyedMessage })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Record ids are UUIDs; anything else is a malformed id (400, never 5xx). */
export const idParam = z.object({ id: z.uuid(told(says.idInvalid)) });

const limitMessage = told(says.limitInvalid(MAX_PAGE_SIZE));

/**
 * One page of a list that grows (docs/api.md, "The API contract"): `limit` items, and the
 * opaque `cursor` from the previous page's `Link: <…>; rel="next"` header.
 */
export const pageQuery = z.object({
  limit: z.coerce
    .number(limitMessage)
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MAX_PAGE_SIZE, limitMessage)
    .optional(),
  cursor: z.string().max(200, told(says.cursorInvalid)).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const insertedResponse = z.object({ acknowledged: z.literal(true), insertedId: z.uuid() });
export const deletedResponse = z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() });

/**
 * `degraded` (still 200: every answer stays correct, only slower) while the instance does not hear
 * other instances' changes and so caches nothing (`listening: false`); it recovers by itself.
 */
export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  listening: z.boolean(),
});
