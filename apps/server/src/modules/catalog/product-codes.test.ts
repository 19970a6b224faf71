import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tools } from '../../db/schema';
import type { TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { jpegPhoto, ownerSignedIn, startShopWithOwner, uploadImage } from '../../test/shopping';

/**
 * Product codes (docs/rules.md, "Product codes"): a tool's optional SKU (品番) and JAN, checked,
 * unique among the tools on sale, in the tool's JSON, found by `?code=` and by search exactly.
 */
let shop: TestShop;
let admin: Client;
let img: string;

beforeAll(async () => {
  shop = await startShopWithOwner();
  admin = await ownerSignedIn(shop, '10.34.0.1');
  const res = await uploadImage(admin, 'tool.jpg', await jpegPhoto(400, 300, '#806040'));
  img = res.json().data.url;
});
afterAll(() => shop?.close());

const product = (over: object = {}) => ({
  productName: `Coded tool ${Math.random().toString(36).slice(2, 7)}`,
  description: 'A tool with codes.',
  kind: 'chisel',
  minQuantity: 1,
  maxQuantity: 100,
  perPrice: 10,
  img,
  ...over,
});
const create = (over: object, headers: Record<string, string> = {}) =>
  admin.post('/api/handTools', product(over), headers);
const patch = (id: string, body: object, headers: Record<string, string> = {}) =>
  admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload: body, headers });
const byCode = async (code: string) => {
  const res = await shop.app.inject(`/api/handTools?code=${encodeURIComponent(code)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { _id: string; sku: string | null; jan: string | null }[]).map((t) => t._id);
};

describe('product codes', () => {
  it('keeps a SKU in its normal form and a JAN, shows both in the JSON and finds the tool by either exactly', async () => {
    const res = await create({ sku: '  ＫＡＮ－４８  ', jan: '4901234567894' });
    expect(res.statusCode).toBe(201);
    const id = res.json().insertedId as string;
    const one = (await shop.app.inject(`/api/handTools/${id}`)).json();
    expect(one).toMatchObject({ sku: 'KAN-48', jan: '4901234567894' });
    const [row] = await shop.database.db.select().from(tools).where(eq(tools.id, id));
    expect(row).toMatchObject({ sku: 'KAN-48', jan: '4901234567894' });

    expect(await byCode('KAN-48')).toEqual([id]);
    expect(await byCode('kan-48')).toEqual([id]);
    expect(await byCode('4901234567894')).toEqual([id]);
    // Exactly: a part of a code, or a code with more, finds nothing.
    expect(await byCode('KAN-4')).toEqual([]);
    expect(await byCode('490123456789')).toEqual([]);
    expect(await byCode('KAN-48X')).toEqual([]);

    const search = await shop.app.inject('/api/handTools?search=4901234567894');
    expect(search.json().map((t: { _id: string }) => t._id)).toEqual([id]);
    const part = await shop.app.inject('/api/handTools?search=49012345');
    expect(part.json()).toEqual([]);

    // The admin's addition names its codes in the audit log.
    const [entry] = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry?.after).toMatchObject({ sku: 'KAN-48', jan: '4901234567894' });
  });

  it('refuses a JAN that is not 13 digits or whose check digit is wrong, and a SKU that is not printable or too long', async () => {
    const wrongDigit = await create({ jan: '4901234567890' });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().errors).toEqual([
      expect.objectContaining({ path: 'jan', message: expect.stringMatching(/check digit/) }),
    ]);
    const ja = await create({ jan: '4901234567890' }, { 'accept-language': 'ja' });
    expect(ja.json().errors[0].message).toMatch(/チェックデジット/);
    for (const jan of ['490123456789', '49012345678945', '490123456789A']) {
      const res = await create({ jan });
      expect(res.statusCode, jan).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        path: 'jan',
        message: 'The JAN must be exactly 13 digits.',
      });
    }
    for (const sku of ['A'.repeat(41), 'AB\u0007C', 'A\u200bB']) {
      const res = await create({ sku });
      expect(res.statusCode, JSON.stringify(sku)).toBe(400);
      expect(res.json().errors[0].path).toBe('sku');
    }
    expect((await create({ sku: 'A'.repeat(40) })).statusCode).toBe(201);
  });

  it('refuses a SKU (whatever its case) or JAN another tool on sale has, 409 in both languages; an archived tool frees its codes', async () => {
    const first = (await create({ sku: 'DUP-1', jan: '4512345678906' })).json().insertedId as string;
    const sameSku = await create({ sku: 'dup-1' });
    expect(sameSku.statusCode).toBe(409);
    expect(sameSku.json()).toMatchObject({
      key: 'skuTaken',
      message: 'Another tool on sale already has the SKU dup-1. Each SKU may belong to one tool only.',
    });
    const sameJan = await create({ jan: '4512345678906' }, { 'accept-language': 'ja' });
    expect(sameJan.statusCode).toBe(409);
    expect(sameJan.json().message).toBe(
      'JANコード 4512345678906 はすでに販売中の別の工具に使われています。JANコードは1つの工具にだけ付けられます。',
    );

    // An edit that takes another's code is refused and changes nothing.
    const other = (await create({ sku: 'OTHER-1' })).json().insertedId as string;
    const taking = await patch(other, { sku: 'DUP-1', productName: 'Renamed' });
    expect(taking.statusCode).toBe(409);
    const [kept] = await shop.database.db.select().from(tools).where(eq(tools.id, other));
    expect(kept).toMatchObject({ sku: 'OTHER-1' });
    expect(kept?.productName).not.toBe('Renamed');

    // An edit can clear a code (empty is none) and set one.
    const cleared = await patch(other, { sku: '', jan: '4512345678913' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ sku: null, jan: '4512345678913' });

    // Taken off sale, a tool's codes may go to a new tool.
    expect((await admin.delete(`/api/handTools/${first}`)).statusCode).toBe(200);
    expect(await byCode('DUP-1')).toEqual([]);
    const again = await create({ sku: 'DUP-1', jan: '4512345678906' });
    expect(again.statusCode).toBe(201);
    expect(await byCode('dup-1')).toEqual([again.json().insertedId]);
  });
});
