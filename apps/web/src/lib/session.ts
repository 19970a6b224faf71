import { isLanguage, type Language } from '@kanna/shared/domain/languages';
import type { Role, UserRecord } from '@kanna/shared/users';
import { useEffect, useSyncExternalStore } from 'react';
import { authRequest } from './http';

/**
 * Who is signed in, for every screen: a tiny store over Better Auth's GET /api/auth/get-session
 * (no data library, so the navbar can use it from the first download). The session itself is
 * an httpOnly cookie; nothing is kept in localStorage.
 */
export type SessionUser = Pick<UserRecord, 'email'> & {
  id: string;
  name: string;
  image: string | null;
  role: Role;
  /** Whether the address was confirmed (the e-mailed link, or Google): ordering needs it. */
  emailVerified: UserRecord['emailVerified'];
  /** The language the account reads the shop in; null (or absent) until its owner chose one. */
  language?: Language | null;
};
export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

/** Why the session ended, for those who react to it (the layout sends an expired user to /login). */
export type SignOutReason = 'signed-out' | 'expired';

let state: SessionState = { status: 'loading', user: null };
let pending: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SignOutReason) => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

const signedOut: SessionState = { status: 'signed-out', user: null };

/** Asks the server who is signed in (once at a time) and tells every subscriber. */
export function refreshSession(): Promise<SessionState> {
  pending ??= authRequest<{ user?: Partial<SessionUser> & { role?: string } } | null>(
    '/api/auth/get-session',
    undefined,
    { cache: 'no-store' },
  )
    .then((body) => {
      const u = body?.user;
      const next: SessionState =
        u?.id && u.email
          ? {
              status: 'signed-in',
              user: {
                id: u.id,
                email: u.email,
                name: u.name || u.email,
                image: u.image || null,
                role: u.role === 'admin' ? 'admin' : 'user',
                emailVerified: u.emailVerified === true,
                language: isLanguage(u.language) ? u.language : null,
              },
            }
          : signedOut;
      set(next);
      return next;
    })
    .catch(() => {
      set(signedOut);
      return signedOut;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Forget the user locally: after Sign Out (`'signed-out'`), or when the API says the session is
 * gone (`'expired'`, from the API client on a 401).
 */
export function clearSession(reason: SignOutReason = 'signed-out'): void {
  const wasSignedIn = state.status === 'signed-in';
  set(signedOut);
  if (wasSignedIn || reason === 'expired') for (const l of endListeners) l(reason);
}

/** Runs `listener` whenever a session ends; returns the unsubscribe function. */
export function onSessionEnd(listener: (reason: SignOutReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Back to "not asked yet" (tests start every case from here). */
export function resetSession(): void {
  pending = null;
  set({ status: 'loading', user: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Who is signed in is never known to a page rendered on the server, nor while it hydrates. */
const unknownYet: SessionState = { status: 'loading', user: null };

export function useSession(): SessionState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => unknownYet,
  );
  useEffect(() => {
    if (state.status === 'loading' && !pending) void refreshSession();
  }, []);
  return current;
}
