import { localizedPath, splitAddress } from '@kanna/shared/domain/language-paths';
import { type Language, languageNames, languages } from '@kanna/shared/domain/languages';
import { useState } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { useLanguage, useTexts } from '../../lib/i18n';
import { rememberLanguage } from '../../lib/language-choice';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { uiTexts } from './i18n/first';

/**
 * Switches the shop to `language`: the choice is kept in this browser (and, for a signed-in
 * reader, on the account by the caller), and the same page opens at its address in that language
 * (`/ja/tools/x` ↔ `/tools/x`), which the server draws in it.
 */
function chooseLanguage(language: Language): void {
  rememberLanguage(language);
  const { pathname, search, hash } = window.location;
  window.location.assign(localizedPath(splitAddress(pathname).path, language) + search + hash);
}

/**
 * The language switch (the navbar's, the profile's): each other language by its own name. The
 * choice goes in the `lang` cookie and, for a signed-in reader, on the account; then the page is
 * the same page opens at its address in that language, drawn by the server in it (lib/i18n.ts).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const current = useLanguage();
  const t = useTexts(uiTexts);
  const session = useSession();
  const hydrated = useHydrated();
  const [switching, setSwitching] = useState(false);

  const choose = async (language: Language) => {
    setSwitching(true);
    if (session.status === 'signed-in') {
      try {
        const { saveLanguage } = await import('../../api/save-language');
        await saveLanguage(session.user.email, language);
      } catch {
        // The cookie still keeps the choice in this browser.
        await notify('warning', t.languageSaveFailed);
      }
    }
    chooseLanguage(language);
  };

  return languages
    .filter((language) => language !== current)
    .map((language) => (
      <button
        key={language}
        type="button"
        // Disabled until the page is hydrated (or while switching), but as readable as ever: a
        // slow phone shows it so for seconds, and the faded default fails the contrast minimum.
        className={`btn btn-ghost disabled:bg-transparent disabled:text-base-content ${className}`}
        disabled={!hydrated || switching}
        onClick={() => void choose(language)}
      >
        <span className="sr-only">{t.switchLanguage} </span>
        <span lang={language}>{languageNames[language]}</span>
      </button>
    ));
}
