import type { Tool } from '@kanna/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { ownerWithPicture, planeProduct } from '../../test/shopping';

/**
 * A tool may have a name and a description in Japanese (docs/rules.md, "Where every rule
 * lives": A tool in Japanese): optional on the admin's add and edit, carried by the
 * tool's JSON (null when none), and the catalogue's search finds a tool by either name.
 */
let shop: TestShop;
let admin: Client;
let anon: Client;
let img: string;

beforeAll(async () => {
  ({ shop, admin, anon, img } = await ownerWithPicture('10.9.0.1', '10.9.0.2'));
});
afterAll(() => shop?.close());

const product = (over: object = {}) => planeProduct(img, over);

/** Adds a product as the admin and reads it back as a visitor. */
async function added(over: object = {}): Promise<Tool> {
  const res = await admin.post('/api/handTools', product(over));
  expect(res.statusCode, res.body).toBe(201);
  const tool = await anon.get(`/api/handTools/${res.json().insertedId}`);
  expect(tool.statusCode).toBe(200);
  return tool.json();
}

const edit = (id: string, changes: object) =>
  admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload: changes });

/** The names the catalogue's search answers for `search`, as a visitor sees them. */
async function found(search: string): Promise<string[]> {
  const res = await anon.get(`/api/handTools?search=${encodeURIComponent(search)}`);
  expect(res.statusCode, search).toBe(200);
  return (res.json() as Tool[]).map((t) => t.productName);
}

describe('a tool in Japanese', () => {
  it('is added with its Japanese name and description, trimmed, and shows them to everyone', async () => {
    const tool = await added({
      productName: 'Kiwa Kanna 24 mm',
      productNameJa: '  際鉋 24mm ',
      descriptionJa: '\n段欠きを削り、整えるための際鉋です。 ',
    });
    expect(tool).toMatchObject({
      productName: 'Kiwa Kanna 24 mm',
      description: 'A flat-sole smoothing plane.',
      productNameJa: '際鉋 24mm',
      descriptionJa: '段欠きを削り、整えるための際鉋です。',
    });
    const list = (await anon.get('/api/handTools')).json() as Tool[];
    expect(list.find((t) => t._id === tool._id)).toMatchObject({ productNameJa: '際鉋 24mm' });
  });

  it('is optional: a tool added without it (the spec’s body) or with empty texts has none (null)', async () => {
    const without = await added({ productName: 'Plain Nomi 12 mm' });
    expect(without.productNameJa).toBeNull();
    expect(without.descriptionJa).toBeNull();
    const empty = await added({ productName: 'Plain Nomi 15 mm', productNameJa: '   ', descriptionJa: '' });
    expect(empty).toMatchObject({ productNameJa: null, descriptionJa: null });
  });

  it('is refused when longer than the English may be: 400 at the field, nothing added', async () => {
    const before = (await anon.get('/api/handTools?limit=200')).json().length;
    for (const [field, length] of [
      ['productNameJa', 121],
      ['descriptionJa', 2001],
    ] as const) {
      const res = await admin.post('/api/handTools', product({ [field]: '鉋'.repeat(length) }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    // As long as the English may be is accepted.
    const longest = await added({ productNameJa: '鉋'.repeat(120), descriptionJa: '鉋'.repeat(2000) });
    expect(longest.productNameJa).toHaveLength(120);
    expect((await anon.get('/api/handTools?limit=200')).json().length).toBe(before + 1);

    const tool = await added({ productName: 'Too Long Later' });
    const res = await edit(tool._id, { productNameJa: '鋸'.repeat(121) });
    expect(res.statusCode).toBe(400);
    expect((await anon.get(`/api/handTools/${tool._id}`)).json().productNameJa).toBeNull();
  });

  it('is edited on its own, changed and cleared (empty or null), leaving the rest as it was', async () => {
    const tool = await added({ productName: 'Genno 300 g' });
    const set = await edit(tool._id, { productNameJa: '玄翁 300g', descriptionJa: '両口の玄翁です。' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      productName: 'Genno 300 g',
      description: 'A flat-sole smoothing plane.',
      productNameJa: '玄翁 300g',
      descriptionJa: '両口の玄翁です。',
      perPrice: 54.5,
    });
    // An edit that does not send them keeps them.
    expect((await edit(tool._id, { perPrice: 50 })).json()).toMatchObject({
      perPrice: 50,
      productNameJa: '玄翁 300g',
      descriptionJa: '両口の玄翁です。',
    });
    expect((await edit(tool._id, { productNameJa: '' })).json()).toMatchObject({
      productNameJa: null,
      descriptionJa: '両口の玄翁です。',
    });
    expect((await edit(tool._id, { descriptionJa: null })).json()).toMatchObject({ descriptionJa: null });
    expect((await anon.get(`/api/handTools/${tool._id}`)).json()).toMatchObject({
      productName: 'Genno 300 g',
      productNameJa: null,
      descriptionJa: null,
    });
  });

  it('leaves one audit entry with the Japanese name before and after', async () => {
    const tool = await added({ productName: 'Audited Nomi 18 mm', productNameJa: '鑿 18mm' });
    expect((await edit(tool._id, { productNameJa: '追入鑿 18mm' })).statusCode).toBe(200);
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, tool._id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      kind: 'product.update',
      before: { productNameJa: '鑿 18mm' },
      after: { productNameJa: '追入鑿 18mm' },
    });
  });
});

describe('the catalogue’s search in both languages', () => {
  let ryoba: Tool;
  beforeAll(async () => {
    ryoba = await added({ productName: 'Ryoba Saw 240 mm', kind: 'saw', productNameJa: '両刃鋸 240mm' });
    await added({ productName: 'Katakana Kanna 42 mm', productNameJa: 'カンナ 42mm' });
  });

  it('finds a tool by its Japanese name and by its English name', async () => {
    expect(await found('両刃鋸')).toEqual(['Ryoba Saw 240 mm']);
    expect(await found('鋸')).toEqual(['Ryoba Saw 240 mm']);
    expect(await found('ryoba')).toEqual(['Ryoba Saw 240 mm']);
    expect(await found('RYOBA SAW')).toEqual(['Ryoba Saw 240 mm']);
    // What a Japanese keyboard types: full-width letters and half-width kana.
    expect(await found('ＲＹＯＢＡ')).toEqual(['Ryoba Saw 240 mm']);
    expect(await found('ｶﾝﾅ')).toEqual(['Katakana Kanna 42 mm']);
    expect(await found('玄翁の鋸')).toEqual([]);
  });

  it('follows an edit of the Japanese name at once, in the cached list and the tool’s own answer', async () => {
    const first = await anon.get('/api/handTools?search=%E9%8B%B8');
    expect((first.json() as Tool[]).map((t) => t.productNameJa)).toEqual(['両刃鋸 240mm']);
    const cached = await anon.get('/api/handTools?search=%E9%8B%B8', {
      'if-none-match': first.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
    const listed = await anon.get('/api/handTools?limit=200');

    expect((await edit(ryoba._id, { productNameJa: '両刃のこぎり 240mm' })).statusCode).toBe(200);

    const after = await anon.get('/api/handTools?search=%E9%8B%B8', {
      'if-none-match': first.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
    expect(await found('のこぎり')).toEqual(['Ryoba Saw 240 mm']);
    const relisted = await anon.get('/api/handTools?limit=200');
    expect(relisted.headers.etag).not.toBe(listed.headers.etag);
    expect((relisted.json() as Tool[]).find((t) => t._id === ryoba._id)?.productNameJa).toBe(
      '両刃のこぎり 240mm',
    );
    expect((await anon.get(`/api/handTools/${ryoba._id}`)).json().productNameJa).toBe('両刃のこぎり 240mm');
  });
});
