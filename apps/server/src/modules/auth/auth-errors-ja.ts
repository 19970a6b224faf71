import { messages } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { say } from '../../lib/language';

/**
 * Better Auth's own refusals on the sign-up, sign-in and password screens, by their code, in
 * Japanese (its messages are English only). The shop's own refusals on its endpoints are
 * messages.ts texts, said like every other answer's (lib/language.ts).
 */
const byCode: Record<string, string> = {
  USER_ALREADY_EXISTS: 'このメールアドレスはすでに登録されています。',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'このメールアドレスはすでに登録されています。別のメールアドレスをお使いください。',
  INVALID_EMAIL_OR_PASSWORD: 'メールアドレスまたはパスワードが正しくありません。',
  INVALID_EMAIL: 'メールアドレスが正しくありません。',
  INVALID_PASSWORD: 'パスワードが正しくありません。',
  PASSWORD_TOO_SHORT: 'パスワードが短すぎます。',
  PASSWORD_TOO_LONG: 'パスワードが長すぎます。',
  EMAIL_NOT_VERIFIED: 'メールアドレスの確認が済んでいません。',
  INVALID_TOKEN: 'リンクが正しくないか、すでに使われています。もう一度お試しください。',
  TOKEN_EXPIRED: 'リンクの有効期限が切れました。もう一度お試しください。',
  USER_NOT_FOUND: 'ユーザーが見つかりませんでした。',
  FAILED_TO_CREATE_USER: 'アカウントを作成できませんでした。もう一度お試しください。',
  FAILED_TO_CREATE_SESSION: 'ログインできませんでした。もう一度お試しください。',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'このアカウントにはパスワードが設定されていません。',
  SESSION_EXPIRED: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  EMAIL_ALREADY_VERIFIED: 'このメールアドレスは確認済みです。',
  VALIDATION_ERROR: '入力内容が正しくありません。',
  MISSING_FIELD: '必須の項目が入力されていません。',
};

/**
 * A refusal's JSON body (`{ code?, message }`) with its message in `language`: the shop's texts
 * as everywhere, Better Auth's by their code, a refusal for too many attempts as the shop's own;
 * anything else unchanged.
 */
export function authRefusalIn(body: Buffer, status: number, language: Language): Buffer {
  if (language === 'en') return body;
  let parsed: { code?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body.toString()) as typeof parsed;
  } catch {
    return body;
  }
  if (typeof parsed?.message !== 'string') return body;
  const ours = say(parsed.message, language);
  const theirs = typeof parsed.code === 'string' ? byCode[parsed.code] : undefined;
  const tooMany = status === 429 ? say(messages.tooManyRequests, language) : undefined;
  const message = ours !== parsed.message ? ours : (theirs ?? tooMany ?? parsed.message);
  return Buffer.from(JSON.stringify({ ...parsed, message }));
}
