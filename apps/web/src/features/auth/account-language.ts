import { pageLanguage } from '../../lib/i18n';
import { chosenLanguage, rememberLanguage } from '../../lib/language-choice';
import type { SessionUser } from '../../lib/session';

/**
 * After signing in: an account that reads the shop in another language than this page, on a
 * browser that never chose one, opens `target` anew in the account's language (the server draws
 * it so). True when the page is leaving; false when nothing changes.
 */
export function openInAccountLanguage(user: SessionUser, target: string): boolean {
  const { language } = user;
  if (!language || chosenLanguage() || language === pageLanguage()) return false;
  rememberLanguage(language);
  window.location.assign(target);
  return true;
}
