import { getSettings as getSettingsEndpoint } from '@kanna/shared/api/shop';
import { authRequest, call } from '../../../lib/api-client';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured for this shop.';

/** Whether this shop has Google sign-in. */
export const getSettings = () => call(getSettingsEndpoint);

/**
 * Starts Google sign-in: Better Auth answers with Google's address, and after Google the browser
 * comes back to `callbackURL` (or to /login with `?error=` when it failed).
 */
export async function startGoogleSignIn(callbackURL: string): Promise<string> {
  const { url } = await authRequest<{ url: string }>('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL: '/login',
  });
  return url;
}

/** Readable text for the `?error=` code Better Auth puts on the address after a failed Google sign-in. */
export function googleErrorText(code: string): string {
  const known: Record<string, string> = {
    access_denied: 'Google sign-in was cancelled.',
    account_not_linked: 'This e-mail already has a Kanna account. Log in with your password.',
    email_not_found: 'Google did not share your e-mail address, so we could not sign you in.',
    state_mismatch: 'Google sign-in took too long or was opened twice. Please try again.',
    please_restart_the_process: 'Google sign-in took too long or was opened twice. Please try again.',
  };
  return (
    known[code.toLowerCase()] ?? `Google sign-in failed (${code.replaceAll('_', ' ')}). Please try again.`
  );
}
