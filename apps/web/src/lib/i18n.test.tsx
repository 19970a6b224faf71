import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineTexts, LanguageContext, loadTexts, textsIn, useTexts } from './i18n';

type Node = string | ((...args: unknown[]) => string) | { [key: string]: Node };
type Dictionary = Record<string, Node>;

// Every dictionary of the web app: `i18n/<language>.ts` and `i18n/<part>.<language>.ts`.
const modules = import.meta.glob<{ default: Dictionary }>('../**/i18n/*.ts', { eager: true });

/** The dictionaries by their name without the language (`features/catalog/i18n/`, `app/i18n/first.`), each language's. */
function dictionaries(): Map<string, Record<string, Dictionary>> {
  const found = new Map<string, Record<string, Dictionary>>();
  for (const [file, module] of Object.entries(modules)) {
    const match = /^(.*\/i18n\/(?:[\w-]+\.)?)(en|ja)\.ts$/.exec(file);
    if (!match) continue; // index.ts, first.ts: the loaders
    const [, name = '', language = ''] = match;
    found.set(name, { ...found.get(name), [language]: module.default });
  }
  return found;
}

/** Every key path with what it holds ('string' or 'function'), groups walked into. */
function shape(dictionary: Dictionary, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'object') for (const [k, v] of shape(value, at)) out.set(k, v);
    else out.set(at, typeof value);
  }
  return out;
}

/** Every text of a dictionary, a function's made with 1 for each argument. */
function textsOf(dictionary: Dictionary, path = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]): [string, string][] => {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'object') return textsOf(value, at);
    if (typeof value === 'function') return [[at, value(...Array.from({ length: value.length }, () => 1))]];
    return [[at, value]];
  });
}

const japanese = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;

describe('the web app’s texts', () => {
  const found = dictionaries();

  it('are found: the shell’s, the shared pieces’ and every translated feature’s', () => {
    expect([...found.keys()].sort()).toEqual(
      expect.arrayContaining([
        '../app/i18n/first.',
        '../components/ui/i18n/first.',
        '../features/auth/i18n/',
        '../features/catalog/i18n/',
        '../features/profile/i18n/',
        '../features/reviews/i18n/',
      ]),
    );
  });

  it('have every key in both languages, each a string or a function as in English, and no other', () => {
    for (const [name, { en, ja }] of found) {
      expect(en, `${name}en.ts`).toBeDefined();
      expect(ja, `${name}ja.ts`).toBeDefined();
      const english = shape(en as Dictionary);
      const inJapanese = shape(ja as Dictionary);
      expect([...inJapanese.keys()].sort(), name).toEqual([...english.keys()].sort());
      for (const [key, kind] of english)
        expect(`${name}${key}: ${inJapanese.get(key)}`).toBe(`${name}${key}: ${kind}`);
    }
  });

  it('say something in each language: no empty text where English has words, and Japanese in Japanese', () => {
    for (const [name, { en, ja }] of found) {
      const english = new Map(textsOf(en as Dictionary));
      for (const [key, text] of textsOf(ja as Dictionary)) {
        const reference = english.get(key) ?? '';
        if (!/[A-Za-z]/.test(reference)) continue; // punctuation only ('.')
        expect(text.trim(), `${name}ja.ts ${key}`).not.toBe('');
        expect(japanese.test(text), `${name}ja.ts ${key}: “${text}”`).toBe(true);
      }
      for (const [key, text] of english)
        expect(text.trim() !== '' || key.endsWith('End'), `${name}en.ts ${key}`).toBe(true);
    }
  });
});

describe('texts in the page’s language', () => {
  const texts = defineTexts<{ hello: string; count: (n: number) => string }>({
    en: async () => ({ default: { hello: 'Hello', count: (n: number) => `${n} tools` } }),
    ja: async () => ({ default: { hello: 'こんにちは', count: (n: number) => `工具${n}点` } }),
  });

  function Greeting() {
    const t = useTexts(texts);
    return (
      <p>
        {t.hello}, {t.count(3)}
      </p>
    );
  }

  it('are not there before they are loaded, then are in every language (the server and tests load them all)', async () => {
    const late = defineTexts<{ word: string }>({
      en: async () => ({ default: { word: 'plane' } }),
      ja: async () => ({ default: { word: '鉋' } }),
    });
    expect(() => textsIn(late, 'ja')).toThrow(/not loaded/);
    await loadTexts();
    expect(textsIn(late, 'en').word).toBe('plane');
    expect(textsIn(late, 'ja').word).toBe('鉋');
  });

  it('render in the language the tree is rendered in', async () => {
    await loadTexts();
    render(
      <LanguageContext value="ja">
        <Greeting />
      </LanguageContext>,
    );
    expect(screen.getByText('こんにちは, 工具3点')).toBeTruthy();
  });

  it('load only the language asked for', async () => {
    let japaneseLoads = 0;
    const one = defineTexts<{ word: string }>({
      en: async () => ({ default: { word: 'saw' } }),
      ja: async () => {
        japaneseLoads++;
        return { default: { word: '鋸' } };
      },
    });
    await loadTexts(['en']);
    expect(textsIn(one, 'en').word).toBe('saw');
    expect(() => textsIn(one, 'ja')).toThrow();
    expect(japaneseLoads).toBe(0);
  });
});
