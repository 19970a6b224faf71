import { z } from 'zod';

/** Every error the API answers with (docs/ARCHITECTURE.md, "The API contract"). */
export const apiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Record ids are UUIDs; anything else is a malformed id (400, never 5xx). */
export const idParam = z.object({ id: z.uuid({ message: 'The id is not a valid id.' }) });

/** `?limit=N` on list endpoints: a whole number from 1 to 100. */
export const listQuery = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100.' })
    .int({ message: 'limit must be a whole number from 1 to 100.' })
    .min(1, { message: 'limit must be a whole number from 1 to 100.' })
    .max(100, { message: 'limit must be a whole number from 1 to 100.' })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Money travels as dollars with at most two decimals and is kept as integer cents inside. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
