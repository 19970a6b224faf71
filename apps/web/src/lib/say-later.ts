import { loadTexts, pageLanguage } from './i18n';

/**
 * A shared text (messages.ts) in the page's language, for the first download's toasts: its
 * Japanese loads when the first such toast is raised, never before (lib/say.ts).
 */
export async function sayLater(text: string): Promise<string> {
  const { sayIn } = await import('./say');
  await loadTexts();
  return sayIn(text, pageLanguage());
}
