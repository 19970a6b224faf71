import { describe, expect, it } from 'vitest';
import { addressText, placeFromText, prefectures, profileAddressText } from './address-book';
import { isJapaneseAddress } from './destination';

describe('an address book entry as one text', () => {
  it('writes a Japanese address largest part first, after 〒 and the postal code', () => {
    expect(
      addressText({
        country: 'JP',
        postalCode: '1040061',
        prefecture: '東京都',
        city: '中央区銀座',
        street: '1-2-3',
        building: '銀座ビル5F',
        // The lines of a foreign address are not written for a Japanese one.
        line1: 'ignored',
      }),
    ).toBe('〒104-0061 東京都 中央区銀座 1-2-3 銀座ビル5F');
    expect(
      addressText({
        country: 'JP',
        postalCode: '530-0001',
        prefecture: '大阪府',
        city: '大阪市北区梅田',
        street: '2-4',
      }),
    ).toBe('〒530-0001 大阪府 大阪市北区梅田 2-4');
  });

  it('writes a foreign address as its lines, city, region and postal code, leaving out what is empty', () => {
    expect(
      addressText({
        country: 'GB',
        line1: '12 Baker Street',
        line2: 'Flat 2',
        city: 'London',
        region: 'Greater London',
        postalCode: 'NW1 6XE',
      }),
    ).toBe('12 Baker Street, Flat 2, London, Greater London, NW1 6XE');
    expect(
      addressText({ country: 'DE', line1: 'Hauptstraße 5', line2: ' ', city: 'Berlin', region: null }),
    ).toBe('Hauptstraße 5, Berlin');
  });

  it('is an address in Japan for the order’s country rule when, and only when, it is Japanese', () => {
    const jp = addressText({
      country: 'JP',
      postalCode: '104-0061',
      prefecture: '東京都',
      city: '中央区',
      street: '1',
    });
    expect(isJapaneseAddress(jp)).toBe(true);
    expect(isJapaneseAddress(addressText({ country: 'US', line1: '1 Main St', city: 'Springfield' }))).toBe(
      false,
    );
  });

  it('reads the checkout’s text back into parts: as the postal-code lookup writes it, or as comma-separated lines', () => {
    expect(placeFromText('〒104-0061 東京都中央区銀座 1-2-3 銀座ビル5F', 'JP')).toEqual({
      country: 'JP',
      postalCode: '104-0061',
      prefecture: '東京都',
      city: '中央区銀座',
      street: '1-2-3 銀座ビル5F',
    });
    expect(placeFromText('６００－８２１６ 京都府 京都市下京区 東塩小路町1', 'JP')).toMatchObject({
      postalCode: '600-8216',
      prefecture: '京都府',
      city: '京都市下京区',
    });
    expect(placeFromText('東京都中央区銀座 1-2-3', 'JP')).toBeNull();
    expect(placeFromText('12 Baker Street, Flat 2, London', 'GB')).toEqual({
      country: 'GB',
      line1: '12 Baker Street',
      line2: 'Flat 2',
      city: 'London',
    });
    expect(placeFromText('12 Baker Street', 'GB')).toBeNull();
  });

  it('knows the 47 prefectures in the order of their codes', () => {
    expect(prefectures).toHaveLength(47);
    expect(new Set(prefectures).size).toBe(47);
    expect([prefectures[0], prefectures[12], prefectures[25], prefectures[26], prefectures[46]]).toEqual([
      '北海道',
      '東京都',
      '京都府',
      '大阪府',
      '沖縄県',
    ]);
  });
});

describe('profileAddressText', () => {
  it('writes a Japanese profile largest part first, and any other street first, leaving out empty parts', () => {
    expect(
      profileAddressText({ streetAddress: '銀座1-2-3', city: '中央区', district: '東京都', country: 'JP' }),
    ).toBe('東京都 中央区 銀座1-2-3');
    expect(
      profileAddressText({ streetAddress: ' 12 Alder St ', city: 'Portland', district: '', country: 'US' }),
    ).toBe('12 Alder St, Portland');
    expect(profileAddressText(null)).toBe('');
  });
});
