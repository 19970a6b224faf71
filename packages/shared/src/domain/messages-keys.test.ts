import { describe, expect, it } from 'vitest';
import { messages, says } from './messages';
import { messagesJa } from './messages-ja';
import { isSaid, type Param, type Said, type Texts, textOf } from './translation';

/**
 * Every message is made from its key and params in both languages (what an API error's `key`
 * and `params` name): no key is missing or empty in either, and a sentence reads differently in
 * Japanese than in English.
 */

/** A sample value for each argument a text's function takes, by the argument's name and use. */
const sample = (name: string): Param => {
  if (/^(transfer)$/.test(name)) return true;
  if (/^(refunded)$/.test(name)) return '$12.00';
  if (/^(what|field|label)$/.test(name)) return 'This tool';
  if (
    /^(max|min|size|available|allowed|kilobytes|minimumDollars|shortfallDollars|maxDollars|heldDollars|leftDollars)$/.test(
      name,
    )
  )
    return 7;
  return 'X1';
};

/**
 * The names of a function's arguments, from its source (all of ours are plain arrow functions;
 * the Japanese ones are read, as messages' English ones are wrapped).
 */
const argumentNames = (f: (...args: never[]) => string): string[] => {
  const source = f.toString();
  const list = source.slice(source.indexOf('(') + 1, source.indexOf(')'));
  return list
    .split(',')
    .map((a) => a.trim().split(/[\s:=]/)[0] ?? '')
    .filter(Boolean);
};

function* everyKey(texts: Texts, path: string[] = []): Generator<{ key: string; made: Texts[string] }> {
  for (const [name, made] of Object.entries(texts)) {
    if (typeof made === 'object') yield* everyKey(made, [...path, name]);
    else yield { key: [...path, name].join('.'), made };
  }
}

const at = (texts: unknown, key: string): unknown => {
  let node = texts;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node;
};

const saidOf = (key: string): Said => {
  let node: unknown = says;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return isSaid(node) ? node : { key, params: [] };
};

describe('every key of messages, in both languages', () => {
  const keys = [...everyKey(messages)];

  it('walks over every key (and there are many)', () => {
    expect(keys.length).toBeGreaterThan(250);
  });

  it.each(keys)('$key is said in English and in Japanese from its key and params', ({ key, made }) => {
    const japaneseMade = at(messagesJa, key);
    const params =
      typeof japaneseMade === 'function'
        ? argumentNames(japaneseMade as (...args: never[]) => string).map(sample)
        : [];
    const said = typeof made === 'function' ? { key, params } : saidOf(key);
    expect(typeof japaneseMade).toBe(typeof made);
    expect(said.key).toBe(key);
    const english = textOf(said, messages);
    const japanese = textOf(said, messagesJa);
    expect(english).toEqual(expect.any(String));
    expect(japanese).toEqual(expect.any(String));
    expect(english?.trim()).not.toBe('');
    expect(japanese?.trim()).not.toBe('');
    // A sentence (several words, not just a name or a code) reads differently in Japanese.
    if (!key.startsWith('named.') && /[a-z]+ [a-z]+ [a-z]+/i.test(english ?? ''))
      expect(japanese).not.toBe(english);
  });

  it('makes the key the same functions the English texts come from: says mirrors messages', () => {
    expect(says.onlyLeft(3)).toEqual({ key: 'onlyLeft', params: [3] });
    expect(says.soldOut).toEqual({ key: 'soldOut', params: [] });
    expect(says.documentNotIssued.invoice).toEqual({ key: 'documentNotIssued.invoice', params: [] });
    expect(textOf(says.notFound('This tool'), messagesJa)).toBe('この工具は見つかりませんでした。');
  });
});
