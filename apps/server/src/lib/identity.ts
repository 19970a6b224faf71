import type { IncomingHttpHeaders } from 'node:http';
import { picturePath } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';

/**
 * Who is calling: the one definition that the auth plugin fills in and services read
 * (docs/rules.md, "Where every rule lives": roles, ownership, sessions).
 */
type Role = 'user' | 'admin';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  /** The language the account reads the shop in; null until its owner chose one. */
  language: Language | null;
  /** The session's token: usable as `Authorization: Bearer` (Better Auth's bearer plugin). */
  sessionToken: string;
};

/**
 * A stored picture path that is not one of the shop's own pictures (a row written before that
 * rule) is shown as no picture, so an old address can never be loaded by a viewer's browser.
 */
export const safePicture = (image: string | null | undefined): string | null =>
  image && picturePath.test(image) ? image : null;

/**
 * Whether a request may be signed in: it carries a bearer token or Better Auth's session cookie
 * (`better-auth.session_token`, `__Secure-` prefixed on https). A request that does not is a
 * visitor's, answered without looking for a session: the public reads kept for everyone (replayed
 * before Fastify, rendered on the server) are given only to those (decision 0060: a buyer with a
 * price list reads the catalogue at their own prices).
 */
export const carriesSession = (headers: IncomingHttpHeaders): boolean =>
  headers.authorization !== undefined || (headers.cookie?.includes('session_token=') ?? false);
