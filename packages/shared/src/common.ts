import { z } from 'zod';
import { MAX_PAGE_SIZE } from './domain/limits';
import { messages } from './domain/messages';

/** Every error the API answers with (docs/api.md, "The API contract"). */
export const apiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Record ids are UUIDs; anything else is a malformed id (400, never 5xx). */
export const idParam = z.object({ id: z.uuid({ message: 'The id is not a valid id.' }) });

const limitMessage = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

/**
 * One page of a list that grows (docs/api.md, "The API contract"): `limit` items, and the
 * opaque `cursor` from the previous page's `Link: <…>; rel="next"` header.
 */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ message: limitMessage })
    .int({ message: limitMessage })
    .min(1, { message: limitMessage })
    .max(MAX_PAGE_SIZE, { message: limitMessage })
    .optional(),
  cursor: z.string().max(200, { message: messages.cursorInvalid }).optional(),
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
