import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth in the browser, for the sign-in, sign-up and reset screens only: import it from
 * lazy pages, never from the first download (the navbar reads the session through ./session).
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // Look fetch up at call time (not when this module loads), so tests can stand in for the server.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

type AuthErrorLike = { message?: string | undefined; status?: number; code?: string | undefined } | null;

/** What to say where Better Auth's answer says nothing usable, in the page's language (the sign-in screens' texts). */
export type AuthErrorTexts = {
  somethingWrong: string;
  tooManyAttempts: string;
  unreachable: string;
  couldNotAnswer: (status: number) => string;
};

/** A readable sentence for an error Better Auth answered with (its message is in the reader's language: the server says it so). */
export function authErrorMessage(error: AuthErrorLike, t: AuthErrorTexts): string {
  if (!error) return t.somethingWrong;
  if (error.status === 429) return t.tooManyAttempts;
  if (error.message) return error.message;
  if (error.status === 0 || error.status === undefined) return t.unreachable;
  return t.couldNotAnswer(error.status);
}
