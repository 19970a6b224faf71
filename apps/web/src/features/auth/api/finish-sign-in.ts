import { refreshSession, type SessionUser } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { upsertUser } from './upsert-user';

/**
 * What follows a successful sign-in or sign-up (spec §4): learn who is signed in, then upsert
 * the user record. A failed upsert does not undo the sign-in; the user is told and carries on.
 */
export async function finishSignIn(displayName?: string): Promise<SessionUser> {
  const session = await refreshSession();
  if (session.status !== 'signed-in')
    throw new Error('The shop did not keep you signed in. Please try again.');
  const { user } = session;
  try {
    await upsertUser(user.email, displayName ?? user.name);
  } catch (error) {
    void notify(
      'warning',
      `You are signed in, but your profile could not be saved: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  return user;
}
