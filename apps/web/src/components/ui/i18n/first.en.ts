import type { Texts } from '@kanna/shared/domain/translation';

/** The shared pieces' texts of the first screen: states, errors, the test-mode notice, the language switch. */
export default {
  loading: 'Loading',
  somethingWentWrong: 'Something went wrong',
  retry: 'Retry',
  retrying: 'Retrying…',
  chunkFailed: (chunk: string) => `Loading chunk ${chunk} failed.`,
  chunkFailedHelp: 'This part of the shop could not be downloaded. Check your connection and try again.',
  testModeNotice: 'Test mode: no real payments are taken. Pay with a test card such as 4242 4242 4242 4242.',
  /** Before the other language's own name (English, 日本語) on the language switch. */
  switchLanguage: 'Change the language to',
  languageSaveFailed: 'Your language could not be saved on your account; it is kept in this browser.',
  /** Beside a yen price: the price with consumption tax. */
  withTax: (price: string) => ` (${price} with tax)`,
  /** The currency switch: prices shown in the other currency. */
  showPricesIn: 'Show prices in',
  currencyNames: { USD: 'US $', JPY: 'Yen ¥' },
} satisfies Texts;
