/**
 * Texts in English (the reference) and their translations (docs/languages.md, "Two
 * languages"). A text is a string, a function that makes one from its arguments, or a group of
 * texts. A translation has every key of its reference with the same arguments: a missing key, an
 * extra one or another argument list is a type error.
 */
export type Texts = { readonly [key: string]: string | ((...args: never[]) => string) | Texts };

export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Translation<T[K]>;
};

/** Where a text made by a function of a remembered group came from: the group, its key (a path) and arguments. */
type Origin = { texts: object; path: readonly string[]; args: readonly unknown[] };

/**
 * The texts made lately by remembered functions, by text, so a text made in English can be
 * made again in another language when it is answered (`localizer`). Bounded: the oldest unused
 * are forgotten first (a text forgotten is answered in English, nothing worse).
 */
const made = new Map<string, Origin>();
const MAX_REMEMBERED = 5000;

function remember(text: string, origin: Origin): void {
  made.delete(text);
  made.set(text, origin);
  if (made.size > MAX_REMEMBERED) made.delete(made.keys().next().value as string);
}

function originOf(text: string): Origin | undefined {
  const origin = made.get(text);
  if (origin) remember(text, origin);
  return origin;
}

/**
 * The same texts, whose functions remember each text they make with its key and arguments, so
 * that callers keep calling `messages.onlyLeft(3)` and getting a string, and the string can still
 * be said in another language later (see `localizer`).
 */
export function remembered<T extends Texts>(texts: T): T {
  const root: Record<string, unknown> = {};
  const wrap = (group: Texts, path: readonly string[], into: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(group)) {
      const keyPath = [...path, key];
      if (typeof value === 'function') {
        const make = value as (...args: unknown[]) => string;
        into[key] = (...args: unknown[]) => {
          const text = make(...args);
          remember(text, { texts: root, path: keyPath, args });
          return text;
        };
      } else if (typeof value === 'object') {
        into[key] = {};
        wrap(value, keyPath, into[key] as Record<string, unknown>);
      } else {
        into[key] = value;
      }
    }
  };
  wrap(texts, [], root);
  return root as T;
}

function at(texts: Texts | Translation<Texts>, path: readonly string[]): unknown {
  let node: unknown = texts;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

/** Every string of `reference` with the string at the same key of `translation`. */
function pairs(reference: Texts, translation: Translation<Texts>, into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(reference)) {
    const other = (translation as Record<string, unknown>)[key];
    if (typeof value === 'string' && typeof other === 'string') {
      if (!into.has(value)) into.set(value, other);
    } else if (typeof value === 'object' && typeof other === 'object' && other) {
      pairs(value, other as Translation<Texts>, into);
    }
  }
  return into;
}

/**
 * Says in `translation`'s language a text that `reference` made: a string of it by its key, a
 * text one of its remembered functions made by calling the translation's function of the same
 * key with the same arguments. Any other text (a library's own, one forgotten) is answered as
 * it is.
 */
export function localizer<T extends Texts>(
  reference: T,
  translation: Translation<T>,
): (text: string) => string {
  let strings: Map<string, string> | null = null;
  return (text) => {
    strings ??= pairs(reference, translation as Translation<Texts>);
    const same = strings.get(text);
    if (same !== undefined) return same;
    const origin = originOf(text);
    if (origin?.texts !== reference) return text;
    const make = at(translation as Translation<Texts>, origin.path);
    return typeof make === 'function' ? (make as (...args: unknown[]) => string)(...origin.args) : text;
  };
}
