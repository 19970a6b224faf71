import { textsNow } from '../../../lib/i18n';
import { refreshSession, type SessionUser } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { authTexts } from '../i18n';
import { upsertUser } from './upsert-user';

/**
 * What follows a successful sign-in or sign-up (spec §4): learn who is signed in, then upsert
 * the user record. A failed upsert does not undo the sign-in; the user is told and carries on.
 */
export async function finishSignIn(displayName?: string): Promise<SessionUser> {
  const t = textsNow(authTexts);
  const session = await refreshSession();
  if (session.status !== 'signed-in') throw new Error(t.notKeptSignedIn);
  const { user } = session;
  try {
    await upsertUser(user.email, displayName ?? user.name);
  } catch (error) {
    void notify('warning', t.profileNotSaved(error instanceof Error ? error.message : t.unknownError));
  }
  return user;
}
