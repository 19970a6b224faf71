import type { HomeData } from './home-data';

// The home page's data block, written by the server and read by the browser. Apart from
// home-data.ts so that the entry can forget the block without loading the data layer.

const DATA_ID = 'home-data';

/**
 * The data block for a server-rendered page. `<` is written as `\u003c`, so nothing a customer
 * typed (a review saying `</script>`) can end the block early; JSON.parse reads it back as it was.
 */
export function homeDataBlock(data: HomeData): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${DATA_ID}">${json}</script>`;
}

/** The data block the server wrote into this page, or null (a page the browser renders itself). */
export function homeDataOfPage(): HomeData | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(DATA_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as HomeData;
  } catch {
    return null;
  }
}

/**
 * Drops the data block: it describes the page as the server drew it, and a home page the browser
 * renders itself (after a client-side navigation) must ask the API for what is current.
 */
export function forgetHomeDataOfPage(): void {
  if (typeof document !== 'undefined') document.getElementById(DATA_ID)?.remove();
}
