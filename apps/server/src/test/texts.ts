/** A table of texts: strings, functions that make one, and groups of them. */
type Node = string | ((...args: never[]) => string) | { readonly [key: string]: Node };

/**
 * Every key path of a table of texts with what it holds (`string` or `function`), so two
 * languages' tables can be compared: a translation has every key of its reference, no other, and
 * the same kind at each.
 */
export function textShape(texts: object, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts as Record<string, Node>)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') out.set(at, 'string');
    else if (typeof value === 'function') out.set(at, 'function');
    else for (const [k, v] of textShape(value, at)) out.set(k, v);
  }
  return out;
}

/** Every string of a table of texts, by key path. */
export function textStrings(texts: object, path = ''): [string, string][] {
  return Object.entries(texts as Record<string, Node>).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') return [[at, value] as [string, string]];
    return typeof value === 'object' ? textStrings(value, at) : [];
  });
}

/** Kana or kanji: a text written in Japanese has some. */
export const japaneseScript = /[\u3040-\u30ff\u4e00-\u9fff]/;
