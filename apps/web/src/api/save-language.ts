import { upsertUser } from '@kanna/shared/api/users';
import type { Language } from '@kanna/shared/domain/languages';
import { call } from '../lib/api-client';

/**
 * Keeps a signed-in reader's language on their account (PUT /api/users/{email} `{ language }`):
 * the shop answers them in it on every device, and their next sign-in anywhere opens in it.
 */
export async function saveLanguage(email: string, language: Language): Promise<void> {
  await call(upsertUser, { params: { email }, body: { language } });
}
