import { describe, expect, it } from 'vitest';
import { allCountryCodes, countryChoices, countryName, isCountryCode } from './countries';

describe('countries', () => {
  it('are named in English by default and in Japanese when asked', () => {
    expect(countryName('JP')).toBe('Japan');
    expect(countryName('JP', 'en')).toBe('Japan');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('DE', 'ja')).toBe('ドイツ');
  });

  it('are listed by their name in each language, the same countries in both', () => {
    const english = allCountryCodes();
    const japanese = allCountryCodes('ja');
    expect([...japanese].sort()).toEqual([...english].sort());
    expect(english.every(isCountryCode)).toBe(true);
    // Afghanistan first in English; in Japanese the kana order starts with アイスランド (Iceland).
    expect(english[0]).toBe('AF');
    expect(countryName(japanese[0] ?? '', 'ja')).toMatch(/^ア/);
    expect(japanese.indexOf('IS')).toBeLessThan(japanese.indexOf('DE'));
  });
});

describe('the country choices of a form', () => {
  it('name each country once, in both languages', () => {
    for (const language of ['en', 'ja'] as const) {
      const names = countryChoices(language).map((code) => countryName(code, language));
      expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    }
    expect(countryChoices('ja').filter((code) => countryName(code, 'ja') === 'セルビア')).toEqual(['RS']);
  });

  it('start with Japan, the shop’s own country, then the rest by name', () => {
    expect(countryChoices('ja')[0]).toBe('JP');
    expect(countryName(countryChoices('ja')[0] ?? '', 'ja')).toBe('日本');
    expect(countryChoices('en')[0]).toBe('JP');
    expect(countryChoices('en')[1]).toBe('AF');
    expect(countryChoices('en').filter((code) => code === 'JP')).toHaveLength(1);
  });
});
