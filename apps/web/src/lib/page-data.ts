// The data block of a page rendered on the server (entry-server.tsx), written by the server and
// read by the browser: what the page shows from the API, so the browser hydrates the very cards
// the server drew without asking the API again. Free of the data layer, so that the entry can
// forget the block without loading it.

const DATA_ID = 'page-data';

/** What the block says: which page it is the data of, in which language, and the data. */
export type PageDataBlock = { page: string; lang: string; data: unknown };

/**
 * JSON to be written inside a `<script>` element. `<` is written as `\u003c`, so nothing a
 * customer typed (a review saying `</script>` or `<!--`) can end or bend the element early;
 * JSON.parse reads it back as it was.
 */
export const jsonInScript = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');

/** The data block for a server-rendered page. */
export function pageDataBlock(block: PageDataBlock): string {
  return `<script type="application/json" id="${DATA_ID}">${jsonInScript(block)}</script>`;
}

/**
 * The data the server wrote into this page when it is the data of `page`; null for another
 * page's block, none (a page the browser renders itself) or one that cannot be read.
 */
export function pageDataOf<T>(page: string): T | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(DATA_ID);
  if (!element?.textContent) return null;
  try {
    const block = JSON.parse(element.textContent) as PageDataBlock;
    return block.page === page ? (block.data as T) : null;
  } catch {
    return null;
  }
}

/**
 * Drops the data block: it describes the page as the server drew it, and a page the browser
 * renders itself (after a client-side navigation back to it) must ask the API for what is current.
 */
export function forgetPageData(): void {
  if (typeof document !== 'undefined') document.getElementById(DATA_ID)?.remove();
}
