import { pageLanguage } from '../../lib/i18n';
import { rememberLanguage } from '../../lib/language-choice';
import type { SessionUser } from '../../lib/session';

/**
 * After signing in: an account that reads the shop in another language than this page opens
 * `target` anew in the account's language (the server draws it so). The account's language wins
 * over what this browser chose before and over its Accept-Language: signing in set the `lang`
 * cookie from the account already (kept here too, for a server that did not). True when the page
 * is leaving; false when nothing changes.
 */
export function openInAccountLanguage(user: SessionUser, target: string): boolean {
  const { language } = user;
  if (!language || language === pageLanguage()) return false;
  rememberLanguage(language);
  window.location.assign(target);
  return true;
}
