/**
 * The one text of `messages` the browser's first download needs: the spec's words for a script
 * chunk that failed (spec §9), put in the error's message (apps/web/src/lib/lazy-route.ts). A file
 * of its own, in the first download's shell chunk, so that download carries this function and no
 * other text of the shop (the home page's JavaScript budget, bench/bundle-size.mjs; decision
 * 0058): the rest of `messages` is loaded by the pages that use it.
 */
export const chunkFailedMessage = (chunk: string) => `Loading chunk ${chunk} failed.`;
