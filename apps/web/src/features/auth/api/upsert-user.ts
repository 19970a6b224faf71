import type { UserUpsertRequest, UserUpsertResponse } from '@kanna/shared/users';
import { apiPut } from '../../../lib/api-client';

/**
 * PUT /api/users/{email} with `{ email, displayName }`, after every sign-in and sign-up (spec §7).
 * The answer carries a `jwtAccessToken`; it is not kept: the session is the httpOnly cookie.
 */
export async function upsertUser(email: string, displayName: string): Promise<void> {
  const body: UserUpsertRequest = { email, displayName };
  await apiPut<UserUpsertResponse>(`/api/users/${encodeURIComponent(email)}`, body);
}
