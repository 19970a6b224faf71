import { describe, expect, it } from 'vitest';
import { destinationProblem, isJapaneseAddress } from './destination';
import { messages } from './messages';

describe('an address and the country it is sent to', () => {
  it.each([
    '〒104-0061 東京都中央区銀座 4-5-6',
    '東京都台東区蔵前1-2-3',
    '北海道札幌市中央区北1条西2丁目',
    '大阪府大阪市北区梅田1-1',
    '神奈川県横浜市西区みなとみらい2-2-1',
    '〒１０４－００６１ 中央区銀座4-5-6',
    '1-2-3 Ginza, Chuo-ku, Tokyo 104-0061',
    '4-5-6 Umeda, Kita-ku, Ōsaka-fu 530-0001',
    '2-2-1 Minatomirai, Nishi-ku, Yokohama 220－0012, Japan',
  ])('knows %s is in Japan', (address) => {
    expect(isJapaneseAddress(address)).toBe(true);
    expect(destinationProblem(address, 'KR')).toBe(messages.addressInJapan);
    expect(destinationProblem(address, 'JP')).toBeNull();
  });

  it.each([
    '서울특별시 강남구 테헤란로 123, 06234',
    '1600 Amphitheatre Parkway, Mountain View, CA 94043',
    '350 Fifth Avenue, New York, NY 10118, tel. 212-555-1234',
    '北京市朝阳区建国门外大街1号 100004',
    'Rua Augusta 100, 1100-053 Lisboa',
    '10 Downing Street, London SW1A 2AA',
    '1-2-3 Kanda, Tokyo, Chiyoda',
  ])('finds nothing of Japan that settles it in %s', (address) => {
    expect(isJapaneseAddress(address)).toBe(false);
    expect(destinationProblem(address, 'US')).toBeNull();
  });
});
