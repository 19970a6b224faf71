import { describe, expect, it } from 'vitest';
import { addressBase, localizedPath, pageAlternates, splitAddress } from './language-paths';
import { toolPath, toolPathName } from './tool-pages';

describe('an address per language', () => {
  it('reads the language prefix off an address, and only a language’s', () => {
    expect(splitAddress('/ja')).toEqual({ language: 'ja', path: '/' });
    expect(splitAddress('/ja/')).toEqual({ language: 'ja', path: '/' });
    expect(splitAddress('/ja/tools/hira-kanna')).toEqual({ language: 'ja', path: '/tools/hira-kanna' });
    expect(splitAddress('/allProduct')).toEqual({ language: null, path: '/allProduct' });
    // English is unprefixed: /en is no prefix; neither is a word that starts with a code.
    expect(splitAddress('/en/allProduct')).toEqual({ language: null, path: '/en/allProduct' });
    expect(splitAddress('/japan')).toEqual({ language: null, path: '/japan' });
    expect(addressBase('/ja/cart')).toBe('/ja');
    expect(addressBase('/cart')).toBeUndefined();
  });

  it('writes a page’s address in each language, and back', () => {
    expect(localizedPath('/', 'ja')).toBe('/ja');
    expect(localizedPath('/allReview', 'ja')).toBe('/ja/allReview');
    expect(localizedPath('/allReview', 'en')).toBe('/allReview');
    for (const path of ['/', '/allProduct', '/tools/x'])
      expect(splitAddress(localizedPath(path, 'ja'))).toEqual({ language: 'ja', path });
  });

  it('names the canonical in the page’s language and every language with x-default, absolute', () => {
    expect(pageAlternates('/', 'ja', 'https://shop.example/')).toEqual({
      canonical: 'https://shop.example/ja',
      alternates: [
        { hrefLang: 'en', href: 'https://shop.example/' },
        { hrefLang: 'ja', href: 'https://shop.example/ja' },
        { hrefLang: 'x-default', href: 'https://shop.example/' },
      ],
    });
  });
});

describe('a tool’s page address', () => {
  it('is its slug, else its id; a path names the tool back', () => {
    expect(toolPath({ _id: 'a1', slug: 'hira-kanna' })).toBe('/tools/hira-kanna');
    expect(toolPath({ _id: 'a1' })).toBe('/tools/a1');
    expect(toolPathName('/tools/hira-kanna')).toBe('hira-kanna');
    expect(toolPathName('/tools/%E9%89%8B')).toBe('鉋');
    expect(toolPathName('/tools/%E0%A4%A')).toBeNull();
    expect(toolPathName('/tools/a/b')).toBeNull();
    expect(toolPathName('/allProduct')).toBeNull();
  });
});
