/**
 * The texts of the page around every screen (the test-mode notice, a page that failed to load):
 * part of `messages`, and in a file of their own so the browser's first download carries these
 * few instead of every text of the shop (the home page's JavaScript budget, bench/bundle-size.mjs).
 */
export const shellMessages = {
  chunkFailed: (chunk: string) => `Loading chunk ${chunk} failed.`,
  testModeNotice: 'Test mode: no real payments are taken. Pay with a test card such as 4242 4242 4242 4242.',
} as const;
