import { chooseLanguage, isLanguage, type Language, languageOfCookie } from '@kanna/shared/domain/languages';
import type { Translation } from '@kanna/shared/domain/translation';
import { acceptedLanguage } from '../../lib/language';

/*
 * The account mails Better Auth asks the shop to send (docs/languages.md, "Two languages"): the
 * address confirmation and the password reset, in the language of the request that caused them.
 * English is the reference, word for word as before; Japanese is a `Translation` of it.
 */

const english = {
  verify: {
    subject: 'Confirm your e-mail address for Kanna',
    text: (name: string, url: string) =>
      `Welcome to Kanna, ${name}!\n\nPlease confirm your e-mail address by opening:\n\n${url}\n`,
  },
  reset: {
    subject: 'Reset your Kanna password',
    text: (name: string, url: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your Kanna account. To choose a new password, open:\n\n${url}\n\nThe link works for one hour. If you did not ask for this, ignore this message.\n`,
  },
};

const japanese: Translation<typeof english> = {
  verify: {
    subject: '【Kanna】メールアドレスのご確認',
    text: (name, url) =>
      `${name} 様\n\nKanna にご登録いただき、ありがとうございます。\n\n次のリンクを開いて、メールアドレスの確認を完了してください。\n\n${url}\n`,
  },
  reset: {
    subject: '【Kanna】パスワード再設定のご案内',
    text: (name, url) =>
      `${name} 様\n\nKanna アカウントのパスワード再設定のご依頼を受け付けました。新しいパスワードを設定するには、次のリンクを開いてください。\n\n${url}\n\nリンクの有効期限は1時間です。お心当たりのない場合は、このメールを破棄してください。\n`,
  },
};

/** The account mails' words in each language. */
export const authMailTexts: Readonly<Record<Language, Translation<typeof english>>> = {
  en: english,
  ja: japanese,
};

/**
 * The language of an account mail: the request's, read as the shop reads any request's (the
 * `lang` cookie, else the account's language, else Accept-Language, else English). Better Auth
 * hands over the request as a web `Request`, or none when the shop itself asked.
 */
export function authMailLanguage(request: Request | undefined, account: unknown): Language {
  return chooseLanguage({
    chosen: languageOfCookie(request?.headers.get('cookie') ?? undefined),
    account: isLanguage(account) ? account : null,
    accepted: acceptedLanguage(request?.headers.get('accept-language') ?? undefined),
  });
}
