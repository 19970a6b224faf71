import MarkdownIt from 'markdown-it';
import { FilterXSS, type IFilterXSSOptions } from 'xss';

/**
 * An owner's Markdown as the pages serve it (docs/pages.md, "Markdown, sanitised"): made into
 * HTML on the server, then cleaned, so that nothing the editor typed — or anyone who took over an
 * admin's session — runs in a visitor's browser. Two locks, each enough alone:
 *
 * 1. markdown-it with `html: false`: raw HTML in the Markdown (`<script>`, `<img onerror=…>`) is
 *    written out as text, never as elements; its link check refuses `javascript:`, `vbscript:`,
 *    `file:` and `data:` addresses (the Markdown then stays text).
 * 2. js-xss with an allow-list: only the elements Markdown makes, only the attributes named
 *    below, and addresses only `https:`, `http:`, `mailto:`, `tel:`, a path on this site or a
 *    fragment. Anything else is dropped, its text kept and escaped; a `<script>` or `<style>` is
 *    dropped with what is inside it.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: true });

/** Elements Markdown makes, each with the attributes it may keep. */
const allowed: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: [],
  strong: [],
  em: [],
  s: [],
  del: [],
  code: [],
  pre: [],
  blockquote: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
};

/** Spaces and control characters, which browsers skip inside an address's scheme (`java\tscript:`). */
const skipped = (code: number) => code <= 0x20 || (code >= 0x7f && code <= 0x9f);

/**
 * Whether an address may be served in `href` or `src`: the web's, mail's and phone's schemes, a
 * path on this site, a fragment. `//host` and `/\host` are another site's address with no
 * scheme named, and refused.
 */
export function isSafeAddress(value: string): boolean {
  const squeezed = [...value].filter((c) => !skipped(c.codePointAt(0) ?? 0)).join('');
  if (/^(?:https?:|mailto:|tel:)/i.test(squeezed)) return true;
  if (/^[/\\]{2}/.test(squeezed)) return false;
  // Anything else naming a scheme (javascript:, data:, vbscript:, file:…) is refused.
  return !/^[a-z][a-z0-9+.-]*:/i.test(squeezed);
}

const options: IFilterXSSOptions = {
  whiteList: allowed,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  allowCommentTag: false,
  css: false,
  // An address that is not safe loses its attribute (a link without one goes nowhere).
  onTagAttr(_tag, name, value) {
    if (name !== 'href' && name !== 'src') return undefined;
    const decoded = decodeEntities(value);
    return isSafeAddress(decoded) ? `${name}="${escapeAttribute(decoded)}"` : '';
  },
  safeAttrValue: (_tag, _name, value) => escapeAttribute(decodeEntities(value)),
};
const cleaner = new FilterXSS(options);

/** The numeric and the few named entities markdown-it writes in attributes, read back. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML a page's Markdown is served as: rendered, then cleaned (see above). */
export function renderMarkdown(body: string): string {
  return cleaner.process(markdown.render(body));
}
