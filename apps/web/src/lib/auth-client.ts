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

/** A readable sentence for an error Better Auth answered with. */
export function authErrorMessage(error: AuthErrorLike): string {
  if (!error) return 'Something went wrong. Please try again.';
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (error.message) return error.message;
  if (error.status === 0 || error.status === undefined)
    return 'Could not reach the shop. Check your connection and try again.';
  return `The shop could not answer (error ${error.status}). Please try again.`;
}
