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
