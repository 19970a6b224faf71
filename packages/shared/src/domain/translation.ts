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

/** A value a text is made from: what an API error's `params` carry, as JSON. */
export type Param = string | number | boolean | null;

/**
 * A text named by its key instead of said in a language: `key` is its path in `messages`
 * (dotted for a grouped text, such as `documentNotIssued.invoice`), `params` the arguments its
 * function takes (none for a plain string). Made by `keyed`, said by `textOf` in any language.
 */
export type Said = { readonly key: string; readonly params: readonly Param[] };

/** `texts` with each string a `Said` and each function one returning a `Said` from the same arguments. */
export type Keyed<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? Said
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => Said
      : Keyed<T[K]>;
};

/**
 * The texts as keys: `keyed(messages).onlyLeft(3)` is `{ key: 'onlyLeft', params: [3] }`, which
 * `textOf` says in the reader's language, so no text is ever translated from its English.
 */
export function keyed<T extends Texts>(texts: T): Keyed<T> {
  const walk = (group: Texts, path: readonly string[]): Record<string, unknown> => {
    const into: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(group)) {
      const key = [...path, name].join('.');
      if (typeof value === 'function') into[name] = (...params: Param[]): Said => ({ key, params });
      else if (typeof value === 'object') into[name] = walk(value, [...path, name]);
      else into[name] = Object.freeze({ key, params: [] });
    }
    return into;
  };
  return walk(texts, []) as Keyed<T>;
}

/** Whether `value` names a text of `texts` by its key (an API error's `key` and `params`). */
export function isSaid(value: unknown): value is Said {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Said).key === 'string' &&
    Array.isArray((value as Said).params)
  );
}

/**
 * The text `said` names, in the language of `texts` (messages or its translation). Undefined
 * when `texts` has no such key (a key from a newer server): the caller falls back.
 */
export function textOf(said: Said, texts: Texts | Translation<Texts>): string | undefined {
  const made = at(texts, said.key.split('.'));
  if (typeof made === 'string') return made;
  if (typeof made === 'function') return (made as (...args: readonly Param[]) => string)(...said.params);
  return undefined;
}
