import { upsertUser as upsertUserEndpoint } from '@kanna/shared/api/users';
import { call } from '../../../lib/api-client';

/**
 * Upserts the user record with `{ email, displayName }` after every sign-in and sign-up (spec §7).
 * The answer carries a `jwtAccessToken`; it is not kept: the session is the httpOnly cookie.
 */
export async function upsertUser(email: string, displayName: string): Promise<void> {
  await call(upsertUserEndpoint, { params: { email }, body: { email, displayName } });
}
