import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, user } from '../../db/schema';
import type { TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn, startShopWithOwner } from '../../test/shopping';

/**
 * The buyer's company and address book (docs/rules.md, "The buyer's company and address book"):
 * one billing address and up to 20 delivery addresses per account, their owner's only; company
 * and department on the profile.
 */
let shop: TestShop;
let owner: Client;
let other: Client;
const OWNER = 'book-owner@kanna.example';

beforeAll(async () => {
  shop = await startShopWithOwner();
  owner = await signedIn(shop, '10.47.0.1', 'Book Owner', OWNER);
  other = await signedIn(shop, '10.47.0.2', 'Other Buyer', 'book-other@kanna.example');
});
afterAll(() => shop?.close());

const ginza = {
  label: 'Tokyo workshop',
  kind: 'delivery',
  recipient: '山田 太郎',
  company: '山田木工所',
  department: '購買部',
  phone: '03-1234-5678',
  country: 'JP',
  postalCode: '１０４－００６１',
  prefecture: '東京都',
  city: '中央区銀座',
  street: '1-2-3',
  building: '銀座ビル5F',
};

const berlin = {
  label: 'Berlin studio',
  kind: 'delivery',
  recipient: 'Anna Weber',
  phone: '+49 30 123456',
  country: 'de',
  line1: 'Hauptstraße 5',
  line2: 'Hinterhaus',
  city: 'Berlin',
  postalCode: '10827',
  // The Japanese parts of a foreign address are not kept.
  prefecture: '東京都',
};

const inJapanese = { 'accept-language': 'ja' };
const put = (c: Client, id: string, payload: object, headers: Record<string, string> = {}) =>
  c.request({ method: 'PUT', url: `/api/address-book/${id}`, payload, headers });
const entriesOf = async (email: string) => {
  const [row] = await shop.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return shop.database.db
    .select()
    .from(addressBookEntries)
    .where(eq(addressBookEntries.userId, row?.id ?? ''));
};

describe('the address book', () => {
  it('keeps a Japanese and a foreign address, each as the order writes it, and lists them to their owner', async () => {
    const jp = await owner.post('/api/address-book', ginza);
    expect(jp.statusCode).toBe(201);
    expect(jp.json()).toMatchObject({
      label: 'Tokyo workshop',
      kind: 'delivery',
      phone: '+81 3 1234 5678',
      postalCode: '104-0061',
      prefecture: '東京都',
      line1: null,
      text: '〒104-0061 東京都 中央区銀座 1-2-3 銀座ビル5F',
    });
    const de = await owner.post('/api/address-book', berlin);
    expect(de.statusCode).toBe(201);
    expect(de.json()).toMatchObject({
      country: 'DE',
      prefecture: null,
      company: null,
      text: 'Hauptstraße 5, Hinterhaus, Berlin, 10827',
    });
    const billing = await owner.post('/api/address-book', {
      ...ginza,
      label: 'Head office',
      kind: 'billing',
      postalCode: '100-0001',
      city: '千代田区千代田',
    });
    expect(billing.statusCode).toBe(201);

    const listed = (await owner.get('/api/address-book')).json();
    expect(listed.map((e: { label: string }) => e.label)).toEqual([
      'Head office',
      'Berlin studio',
      'Tokyo workshop',
    ]);
    expect((await other.get('/api/address-book')).json()).toEqual([]);

    // A PUT replaces every part: the building goes, the label changes.
    const id = jp.json()._id;
    const { building: _, ...withoutBuilding } = ginza;
    const changed = await put(owner, id, { ...withoutBuilding, label: 'Ginza shop' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ label: 'Ginza shop', building: null });
    expect((await entriesOf(OWNER)).find((e) => e.id === id)).toMatchObject({
      label: 'Ginza shop',
      building: null,
    });

    const gone = await owner.delete(`/api/address-book/${de.json()._id}`);
    expect(gone.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await entriesOf(OWNER)).map((e) => e.label).sort()).toEqual(['Ginza shop', 'Head office']);
  });

  it('answers 404 to another buyer reading, changing or deleting an entry, and 401 signed out, changing nothing', async () => {
    const mine = (await owner.post('/api/address-book', { ...ginza, label: 'Private' })).json();
    const before = await entriesOf(OWNER);
    expect((await owner.get(`/api/address-book/${mine._id}`)).json()).toMatchObject({ label: 'Private' });
    const read = await other.get(`/api/address-book/${mine._id}`, inJapanese);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('この住所は見つかりませんでした。');
    expect((await put(other, mine._id, { ...ginza, label: 'Taken' })).statusCode).toBe(404);
    const deleted = await other.delete(`/api/address-book/${mine._id}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe('This address was not found.');
    expect((await other.get('/api/address-book')).json()).toEqual([]);

    const stranger = new Client(shop.app, shop.config.publicUrl, '10.47.0.9');
    expect((await stranger.get('/api/address-book')).statusCode).toBe(401);
    expect((await stranger.get(`/api/address-book/${mine._id}`)).statusCode).toBe(401);
    expect((await stranger.post('/api/address-book', ginza)).statusCode).toBe(401);
    expect((await put(stranger, mine._id, ginza)).statusCode).toBe(401);
    expect((await stranger.delete(`/api/address-book/${mine._id}`)).statusCode).toBe(401);
    expect(await entriesOf(OWNER)).toEqual(before);
  });

  it('refuses a bad postal code, prefecture or overlong field with its path, in the reader’s language', async () => {
    const bad = async (body: object, headers: Record<string, string> = {}) => {
      const res = await owner.post('/api/address-book', { ...ginza, ...body }, headers);
      expect(res.statusCode).toBe(400);
      return res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]);
    };
    expect(await bad({ postalCode: '104-006' })).toEqual([
      ['postalCode', 'A Japanese postal code is 7 digits, such as 104-0061.'],
    ]);
    expect(await bad({ postalCode: '104-006' }, inJapanese)).toEqual([
      ['postalCode', '日本の郵便番号は 104-0061 のような7桁の数字です。'],
    ]);
    expect(await bad({ prefecture: '東京' }, inJapanese)).toEqual([
      ['prefecture', '都道府県は47都道府県（東京都など）から選んでください。'],
    ]);
    expect(await bad({ label: 'x'.repeat(61), department: 'y'.repeat(101) })).toEqual([
      ['label', 'at most 60 characters'],
      ['department', 'at most 100 characters'],
    ]);
    expect(await bad({ label: 'x'.repeat(61) }, inJapanese)).toEqual([
      ['label', '60文字以内で入力してください'],
    ]);
    // A code no place has, and a code of another prefecture: the shop's postal-code table says.
    expect(await bad({ postalCode: '000-0000' })).toEqual([
      ['postalCode', 'No place in Japan has this postal code: please check it.'],
    ]);
    expect(await bad({ prefecture: '大阪府' }, inJapanese)).toEqual([
      ['prefecture', 'この郵便番号は東京都の番号です。都道府県を東京都にするか、郵便番号をご確認ください。'],
    ]);
    // A foreign address needs its first line and city; a kind is billing or delivery.
    expect(await bad({ ...berlin, line1: ' ', city: undefined })).toEqual([
      ['line1', 'address line is required'],
      ['city', 'city is required'],
    ]);
    expect(await bad({ kind: 'shipping' })).toEqual([['kind', 'An address is either billing or delivery.']]);
    expect((await owner.post('/api/address-book', { ...ginza, role: 'admin' })).statusCode).toBe(400);
  });

  it('refuses a second billing address and a 21st delivery address (409), and keeps the rest', async () => {
    const buyer = await signedIn(shop, '10.47.0.3', 'Many Addresses', 'book-many@kanna.example');
    const first = await buyer.post('/api/address-book', { ...ginza, kind: 'billing', label: 'Billing' });
    expect(first.statusCode).toBe(201);
    const second = await buyer.post('/api/address-book', { ...berlin, kind: 'billing' }, inJapanese);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      '住所録には請求先がすでにあります。その請求先を編集してください（請求先は1アカウントに1件です）。',
    );
    // The billing address itself may be edited.
    expect(
      (await put(buyer, first.json()._id, { ...ginza, kind: 'billing', label: 'Billing 2' })).statusCode,
    ).toBe(200);

    const ids: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await buyer.post('/api/address-book', {
        ...berlin,
        label: `Site ${String(i).padStart(2, '0')}`,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json()._id);
    }
    const over = await buyer.post('/api/address-book', { ...berlin, label: 'Site 21' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Your address book holds 20 delivery addresses already: delete one you no longer use first.',
    );
    // Nor may a delivery address become a second billing address.
    const made = await put(buyer, ids[0] ?? '', { ...berlin, kind: 'billing' });
    expect(made.statusCode).toBe(409);
    // Another buyer who has a billing address changing this entry is told 404, not the limit.
    expect((await put(owner, ids[0] ?? '', { ...berlin, kind: 'billing' })).statusCode).toBe(404);
    expect((await entriesOf('book-many@kanna.example')).length).toBe(21);
  });
});

describe('company and department on the profile', () => {
  const profile = { displayName: 'Book Owner', phone: '03-1234-5678', city: 'Chuo', district: 'Tokyo' };

  it('saves them, shows them, and clears them when sent empty', async () => {
    const saved = await owner.put(`/api/users/${OWNER}`, {
      ...profile,
      company: ' 山田木工所 ',
      department: '購買部',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ company: '山田木工所', department: '購買部' });
    expect((await owner.get(`/api/users/${OWNER}`)).json()).toMatchObject({
      company: '山田木工所',
      department: '購買部',
    });

    const cleared = await owner.put(`/api/users/${OWNER}`, { ...profile, company: '', department: '' });
    expect(cleared.json().user).toMatchObject({ company: null, department: null });
    const [row] = await shop.database.db.select().from(user).where(eq(user.email, OWNER));
    expect(row).toMatchObject({ company: null, department: null });
  });

  it('refuses an overlong company or one on two lines, with its path, in both languages', async () => {
    const res = await owner.request({
      method: 'PUT',
      url: `/api/users/${OWNER}`,
      payload: { ...profile, company: 'x'.repeat(101), department: 'Buying\nDesk' },
      headers: inJapanese,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])).toEqual([
      ['company', '100文字以内で入力してください'],
      ['department', '1行のテキストで入力してください'],
    ]);
    const en = await owner.put(`/api/users/${OWNER}`, { ...profile, company: 'x'.repeat(101) });
    expect(en.json().errors[0]).toMatchObject({ path: 'company', message: 'at most 100 characters' });
  });
});
