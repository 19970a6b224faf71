import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { inJapanese, messagesJa } from './messages-ja';
import { localizer, remembered } from './translation';

type Node = string | ((...args: never[]) => string) | { [key: string]: Node };

/** Every key path of a group of texts with what it holds: a string or a function (their arguments are the type's to check). */
function shape(texts: Record<string, Node>, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') out.set(at, 'string');
    else if (typeof value === 'function') out.set(at, 'function');
    else for (const [k, v] of shape(value, at)) out.set(k, v);
  }
  return out;
}

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('the Japanese messages', () => {
  it('have every key of the English ones, each a string or a function as in English, and no other', () => {
    const english = shape(messages as unknown as Record<string, Node>);
    const ja = shape(messagesJa as unknown as Record<string, Node>);
    expect([...ja.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, kind] of english) expect(`${key}: ${ja.get(key)}`).toBe(`${key}: ${kind}`);
  });

  it('are written in Japanese', () => {
    const strings = Object.entries(messagesJa).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[key, value] as const]
        : typeof value === 'object'
          ? Object.entries(value).map(([k, v]) => [`${key}.${k}`, v as string] as const)
          : [],
    );
    const notJapanese = strings.filter(([, text]) => !japanese.test(text)).map(([key]) => key);
    expect(notJapanese).toEqual([]);
    expect(messagesJa.onlyLeft(3)).toMatch(japanese);
  });

  it('say one English text one way: texts that are the same in English are the same in Japanese', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value !== 'string') continue;
      const ja = (messagesJa as unknown as Record<string, string>)[key] as string;
      byEnglish.set(value, (byEnglish.get(value) ?? new Set()).add(ja));
    }
    const twoWays = [...byEnglish].filter(([, ja]) => ja.size > 1).map(([english]) => english);
    expect(twoWays).toEqual([]);
  });
});

describe('inJapanese', () => {
  it('says a message in Japanese, by its English text', () => {
    expect(inJapanese(messages.phoneInvalid)).toBe(messagesJa.phoneInvalid);
    expect(inJapanese(messages.quantityWhole)).toBe(messagesJa.quantityWhole);
    expect(inJapanese(messages.documentNotIssued.invoice)).toBe(messagesJa.documentNotIssued.invoice);
  });

  it('says a text one of its functions made with the same arguments', () => {
    expect(inJapanese(messages.onlyLeft(7))).toBe('在庫は残り7個です');
    expect(inJapanese(messages.unpaidValueTooHigh(50_000, 49_500.5))).toBe(
      messagesJa.unpaidValueTooHigh(50_000, 49_500.5),
    );
    expect(inJapanese(messages.fieldRequired('city'))).toBe('市区町村を入力してください');
  });

  it('leaves a text it does not know as it is', () => {
    expect(inJapanese('Invalid input: expected string, received number')).toBe(
      'Invalid input: expected string, received number',
    );
  });

  it("does not take another group's text for its own", () => {
    const other = remembered({ onlyLeft: (n: number) => `only ${n} left` });
    const made = other.onlyLeft(4);
    const sayOther = localizer(other, { onlyLeft: (n: number) => `あと${n}` });
    // The same words, made by another group: messages.ts's translation does not claim them.
    expect(inJapanese(made)).toBe(made);
    expect(sayOther(made)).toBe('あと4');
  });
});
