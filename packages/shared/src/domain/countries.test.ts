import { describe, expect, it } from 'vitest';
import { allCountryCodes, countryName, isCountryCode } from './countries';

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
