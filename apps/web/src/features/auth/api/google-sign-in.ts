import { getSettings as getSettingsEndpoint } from '@kanna/shared/api/shop';
import type { Translation } from '@kanna/shared/domain/translation';
import { authRequest, call } from '../../../lib/api-client';
import type en from '../i18n/en';

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
export function googleErrorText(code: string, t: Translation<typeof en>): string {
  const known: Record<string, string> = {
    access_denied: t.googleCancelled,
    account_not_linked: t.googleAccountNotLinked,
    email_not_found: t.googleNoEmail,
    state_mismatch: t.googleTooLong,
    please_restart_the_process: t.googleTooLong,
  };
  return known[code.toLowerCase()] ?? t.googleFailedWith(code.replaceAll('_', ' '));
}
