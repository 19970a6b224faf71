import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness';

/** A Japanese address form asks the postal code first: the server names its prefecture, city and town. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const lookUp = (code: string) => shop.app.inject(`/api/postal-codes/${encodeURIComponent(code)}`);

describe('GET /api/postal-codes/{code}', () => {
  it('names the prefecture, city and town of a code, however it is written', async () => {
    for (const written of ['1040061', '104-0061', '〒104-0061', '１０４－００６１']) {
      const res = await lookUp(written);
      expect(res.statusCode, written).toBe(200);
      expect(res.json()).toEqual({
        postalCode: '104-0061',
        places: [{ prefecture: '東京都', city: '中央区', town: '銀座' }],
      });
    }
    expect((await lookUp('1040061')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a code that covers a whole city with no town', async () => {
    const res = await lookUp('100-0000');
    expect(res.json().places).toEqual([{ prefecture: '東京都', city: '千代田区', town: '' }]);
  });

  it('refuses what is not seven digits with 400, and a code no place has with 404', async () => {
    const bad = await lookUp('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'code', key: 'postalCodeInvalid', params: [], message: messages.postalCodeInvalid },
    ]);
    const none = await lookUp('0000000');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(messages.notFound('This postal code'));
  });
});
