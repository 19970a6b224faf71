import { readFileSync } from 'node:fs';
import path from 'node:path';
import { messages, type Order } from '@kanna/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, testPaymentIntents } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { confirmCard, signedIn } from '../../test/shopping';
import { japaneseScript } from '../../test/texts';
import { shopTime } from '../mail/order-mail';

/**
 * The mails a buyer gets about an order, as they arrive in the outbox (no SMTP_URL): every kind
 * with the order's number in its subject, a plain-text and an HTML part (multipart/alternative)
 * that both carry the lines, the total, the delivery address, the shop's legal name and address,
 * and times in the shop's zone with the zone named.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
const buyerEmail = 'mail.buyer@kanna.example';
const hostileName = '<script>alert("kanna")</script> Kanna & Co';
const hostileAddress = '<img src=x onerror=alert(1)>\n4-5-6 Ginza, Chuo-ku';
let kanna: { _id: string };
let nomi: { _id: string };

beforeAll(async () => {
  shop = await startTestShop({
    ownMailer: true,
    env: {
      ADMIN_EMAILS: 'mail-admin@kanna.example',
      AUTH_RATE_LIMIT: '1000',
      SHOP_LEGAL_NAME: 'Kanna Tools K.K.',
      SHOP_ADDRESS: '1-2-3 Kuramae, Taito-ku, Tokyo',
      SHOP_TIME_ZONE: 'Asia/Tokyo',
    },
  });
  admin = await signedIn(shop, '10.60.0.1', 'Mail Admin', 'mail-admin@kanna.example');
  buyer = await signedIn(shop, '10.60.0.2', 'Hanako Mail', buyerEmail);
  kanna = await addTool(shop, {
    minQuantity: 1,
    available: 100,
    priceCents: 12_500,
    productName: hostileName,
  });
  nomi = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 450, productName: 'Oire Nomi 9' });
});
afterAll(() => shop?.close());

/** One message of the outbox, its parts decoded. */
type Received = { headers: string; subject: string; text: string; html: string };

/** A MIME part's body, decoded as its Content-Transfer-Encoding says. */
function decode(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * A header as written (RFC 2047): a subject that is not ASCII arrives as encoded words, base64 or
 * quoted-printable, the space between two of them not part of the text.
 */
function headerText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decode('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
    );
}

/** The outbox's messages to `to`, each with its text and HTML parts (from the multipart/alternative). */
function outbox(to: string): Received[] {
  const mbox = readFileSync(path.join(shop.config.dataDir, 'outbox.mbox'), 'utf8');
  return mbox
    .split(/^From kanna@localhost .*$/m)
    .filter((entry) => new RegExp(`^To: ${to}$`, 'm').test(entry))
    .map((entry) => {
      const [headers = '', ...rest] = entry.trimStart().split('\n\n');
      const body = rest.join('\n\n');
      const boundary = /boundary="?([^";\n]+)"?/.exec(headers)?.[1];
      const parts = boundary
        ? body
            .split(`--${boundary}`)
            .slice(1, -1)
            .map((p) => {
              const [h = '', ...b] = p.replace(/^\n/, '').split('\n\n');
              return {
                type: /^content-type:\s*([^;\s]+)/im.exec(h)?.[1] ?? '',
                text: decode(h, b.join('\n\n')),
              };
            })
        : [];
      return {
        headers,
        subject: headerText(/^Subject: (.*)$/m.exec(headers.replace(/\n[ \t]+/g, ' '))?.[1] ?? ''),
        text: parts.find((p) => p.type === 'text/plain')?.text ?? '',
        html: parts.find((p) => p.type === 'text/html')?.text ?? '',
      };
    });
}

/** The mail to the buyer whose subject is `subject`, once it has arrived (mails go out after the answer). */
async function mailTitled(subject: string): Promise<Received> {
  return vi.waitFor(
    () => {
      const found = outbox(buyerEmail).filter((m) => m.subject === subject);
      expect(found).toHaveLength(1);
      return found[0] as Received;
    },
    { timeout: 5000, interval: 50 },
  );
}

/** What every order mail carries, in both parts, for an order of two hira kanna and ten nomi. */
function expectTheOrder(mail: Received, order: Order, time: RegExp) {
  expect(mail.headers).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(mail.subject).toContain(order.number);
  for (const [part, body] of [
    ['text', mail.text],
    ['html', mail.html],
  ] as const) {
    const shown = (s: string) =>
      part === 'html' ? s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : s;
    for (const text of [
      order.number,
      hostileName,
      'Oire Nomi 9',
      '$125.00',
      '$250.00',
      '$4.50',
      '$45.00',
      '$295.00',
      '4-5-6 Ginza, Chuo-ku',
      '<img src=x onerror=alert(1)>',
      'Kanna Tools K.K.',
      '1-2-3 Kuramae, Taito-ku, Tokyo',
    ]) {
      expect(body, `${mail.subject} (${part}): ${text}`).toContain(shown(text));
    }
    expect(body, `${mail.subject} (${part}): a time in Asia/Tokyo`).toMatch(time);
  }
  // A product name or an address with markup arrives as text, never as markup.
  expect(mail.html).not.toContain('<script');
  expect(mail.html).not.toContain('<img');
  expect(mail.text).toContain('Total: $295.00');
}

/** A time as mails write it, in the shop's zone and named. */
const anyTime = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Asia\/Tokyo\)/;

/** The time as mails write it, allowing the minute before (the mail's clock read a moment before the database's). */
const writtenAround = (iso: string) => {
  const at = Date.parse(iso);
  const either = [shopTime(new Date(at), 'Asia/Tokyo'), shopTime(new Date(at - 5000), 'Asia/Tokyo')];
  return new RegExp(either.map((t) => t.replace(/[()/]/g, '\\$&')).join('|'));
};

async function placeTwoLines(): Promise<Order> {
  const res = await buyer.post('/api/order', {
    lines: [
      { toolId: kanna._id, quantity: 2 },
      { toolId: nomi._id, quantity: 10 },
    ],
    phone: '0312345678',
    address: hostileAddress,
  });
  expect(res.statusCode).toBe(201);
  return (await buyer.get(`/api/orders/order/${res.json().insertedId}`)).json() as Order;
}

async function pay(orderId: string) {
  const intent = await buyer.post('/api/create-payment-intent', { orderId });
  expect(intent.statusCode).toBe(200);
  const card = await confirmCard(buyer, intent.json().clientSecret);
  expect(card.statusCode).toBe(200);
  const paid = await buyer.request({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    payload: { transactionId: card.json().transactionId },
  });
  expect(paid.statusCode).toBe(200);
  return paid.json() as Order;
}

describe('the mails of an order', () => {
  it('placed, paid, shipped: each names the order and carries it whole, as text and as HTML', async () => {
    const order = await placeTwoLines();
    expect(order.number).toMatch(/^K-\d{6,}$/);

    const placed = await mailTitled(`Order ${order.number} placed`);
    expectTheOrder(placed, order, writtenAround(order.createdAt));
    expect(placed.text).toContain(`Stock held until: ${shopTime(new Date(order.holdUntil), 'Asia/Tokyo')}`);
    expect(placed.text).toContain(`${shop.config.publicUrl}/dashboard/payment/${order._id}`);
    expect(placed.html).toContain(`href="${shop.config.publicUrl}/dashboard/payment/${order._id}"`);

    const paid = await pay(order._id);
    const paidMail = await mailTitled(`Order ${order.number}: payment received`);
    expectTheOrder(paidMail, order, writtenAround(paid.paidAt ?? ''));
    expect(paidMail.text).toContain(`Paid: ${shopTime(new Date(paid.paidAt ?? ''), 'Asia/Tokyo')}`);
    expect(paidMail.text).toContain(`Transaction: ${paid.transactionId}`);

    const ship = await admin.request({ method: 'PATCH', url: `/api/order/${order._id}/ship`, payload: {} });
    expect(ship.statusCode).toBe(200);
    const shippedAt = (ship.json() as Order).shippedAt ?? '';
    const shipped = await mailTitled(`Order ${order.number} has shipped`);
    expectTheOrder(shipped, order, writtenAround(shippedAt));
    expect(shipped.text).toContain(`Shipped: ${shopTime(new Date(shippedAt), 'Asia/Tokyo')}`);
  });

  it('an expired hold: the buyer is told the order was cancelled because its hold ended', async () => {
    const order = await placeTwoLines();
    await shop.database.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order._id));
    expect(await shop.services.orders.releaseExpiredHolds()).toBe(1);
    const mail = await mailTitled(`Order ${order.number} cancelled: its hold ended`);
    expectTheOrder(mail, order, anyTime);
    expect(mail.text).toContain('not paid before its hold on the stock ended');
    expect(mail.text).toMatch(/^Cancelled: .* \(Asia\/Tokyo\)$/m);
  });

  it('an admin cancels a paid order: the cancel mail has the reason and the refund to come, then the refund mail', async () => {
    const order = await placeTwoLines();
    await pay(order._id);
    const res = await admin.post(`/api/orders/${order._id}/cancel`, {
      reason: 'The <b>maker</b> stopped making it',
    });
    expect(res.statusCode).toBe(200);
    const cancelled = await mailTitled(`Order ${order.number} cancelled`);
    expectTheOrder(cancelled, order, anyTime);
    expect(cancelled.text).toMatch(/^Cancelled: .* \(Asia\/Tokyo\)$/m);
    expect(cancelled.text).toContain('We have cancelled your order.');
    expect(cancelled.text).toContain('Reason: The <b>maker</b> stopped making it');
    expect(cancelled.html).toContain('The &#60;b&#62;maker&#60;/b&#62; stopped making it');
    expect(cancelled.text).toContain(
      'The $295.00 you paid is being refunded to your card; we will e-mail you once it is done.',
    );
    const refunded = await mailTitled(`Order ${order.number} refunded`);
    expectTheOrder(refunded, order, anyTime);
    expect(refunded.text).toMatch(/^Refunded: \$295\.00, .* \(Asia\/Tokyo\)$/m);
    expect(refunded.text).toContain('We have refunded $295.00 to your card for your cancelled order.');
  });

  it('an admin cancels an unpaid order: the mail has the reason and says no payment was taken', async () => {
    const order = await placeTwoLines();
    const res = await admin.post(`/api/orders/${order._id}/cancel`, { reason: 'Duplicate order' });
    expect(res.statusCode).toBe(200);
    const mail = await mailTitled(`Order ${order.number} cancelled`);
    expectTheOrder(mail, order, anyTime);
    expect(mail.text).toMatch(/^Cancelled: .* \(Asia\/Tokyo\)$/m);
    expect(mail.text).toContain('Reason: Duplicate order');
    expect(mail.text).toContain('No payment was taken.');
  });

  it('a buyer who cancels gets the confirmation: every change of state is mailed', async () => {
    const order = await placeTwoLines();
    await mailTitled(`Order ${order.number} placed`);
    expect((await buyer.delete(`/api/order/${order._id}`)).json().deletedCount).toBe(1);
    const mail = await mailTitled(`Order ${order.number} cancelled`);
    expectTheOrder(mail, order, anyTime);
    expect(mail.text).toContain('Your order was cancelled, as you asked.');
    expect(mail.text).toMatch(/^Cancelled: .* \(Asia\/Tokyo\)$/m);
    expect(
      outbox(buyerEmail).filter((m) => m.subject.startsWith(`Order ${order.number} cancelled`)),
    ).toHaveLength(1);
  });

  it('a payment that lands on a cancelled order: the refund mail says why, how much and the refund', async () => {
    const order = await placeTwoLines();
    const intent = await buyer.post('/api/create-payment-intent', { orderId: order._id });
    const intentId = String(intent.json().clientSecret).split('_secret_')[0] as string;
    expect((await buyer.delete(`/api/order/${order._id}`)).json().deletedCount).toBe(1);
    await shop.database.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(testPaymentIntents.id, intentId));
    const reported = await buyer.request({
      method: 'PATCH',
      url: `/api/order/${order._id}`,
      payload: { transactionId: intentId },
    });
    expect(reported.json().message).toBe(messages.paymentRefunded);
    const refunded = (await buyer.get(`/api/orders/order/${order._id}`)).json() as Order;
    const mail = await mailTitled(`Order ${order.number} refunded`);
    expectTheOrder(mail, order, writtenAround(refunded.refundedAt ?? ''));
    expect(mail.text).toContain(messages.paymentRefunded);
    expect(mail.text).toMatch(/^Refunded: \$295\.00, .* \(Asia\/Tokyo\)$/m);
    expect(mail.text).toMatch(/^Refund: re_test_/m);
  });
});

describe('the mails in the buyer’s language', () => {
  /** The one mail to `to` whose subject is `subject`, once it has arrived. */
  const mailTo = (to: string, subject: string) =>
    vi.waitFor(
      () => {
        const found = outbox(to).filter((m) => m.subject === subject);
        expect(found).toHaveLength(1);
        return found[0] as Received;
      },
      { timeout: 5000, interval: 50 },
    );
  const japaneseTime = /\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（日本時間）/;

  /** Two planes, placed by `client` (with `headers`, e.g. the browser's language); the order as its page reads it. */
  async function placeBy(client: Client, headers: Record<string, string> = {}): Promise<Order> {
    const res = await client.post(
      '/api/order',
      {
        lines: [{ toolId: nomi._id, quantity: 2 }],
        phone: '0312345678',
        address: '〒104-0061\n東京都中央区銀座4-5-6',
      },
      headers,
    );
    expect(res.statusCode).toBe(201);
    return (await client.get(`/api/orders/order/${res.json().insertedId}`)).json() as Order;
  }

  /** Both parts of a mail in Japanese: the greeting, the order, the totals, the address, times the Japanese way. */
  function expectJapanese(mail: Received, order: Order) {
    expect(mail.subject).toContain(order.number);
    expect(mail.subject).toMatch(japaneseScript);
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.text).toContain(`注文番号 ${order.number}`);
    for (const body of [mail.text, mail.html]) {
      for (const text of [
        '山田 花子 様',
        order.number,
        'ご注文日時',
        '合計',
        'お届け先',
        '東京都中央区銀座4-5-6',
        '$9.00',
      ])
        expect(body).toContain(text);
      expect(body).toMatch(japaneseTime);
      for (const english of ['Hello', 'Delivery address', 'Total', 'Placed'])
        expect(body).not.toContain(english);
    }
    for (const head of ['商品', '数量', '単価', '金額']) expect(mail.html).toContain(`>${head}</th>`);
  }

  it('a buyer whose account reads Japanese gets every mail in Japanese, subject and both parts', async () => {
    const email = 'ja.account@kanna.example';
    const ja = await signedIn(shop, '10.60.0.3', '山田 花子', email);
    expect((await ja.put(`/api/users/${email}`, { language: 'ja' })).statusCode).toBe(200);
    const order = await placeBy(ja);
    expectJapanese(await mailTo(email, `ご注文ありがとうございます（注文番号 ${order.number}）`), order);
    const cancelled = await admin.post(`/api/orders/${order._id}/cancel`, { reason: '在庫切れのため' });
    expect(cancelled.statusCode).toBe(200);
    const mail = await mailTo(email, `ご注文 ${order.number} のキャンセルについて`);
    expectJapanese(mail, order);
    expect(mail.text).toContain('理由：在庫切れのため');
    expect(mail.text).toContain('お支払いはいただいておりません。');
  });

  it('a buyer with no language on the account gets the language they ordered in, kept on the order, until they choose one', async () => {
    const email = 'ja.browser@kanna.example';
    const browser = await signedIn(shop, '10.60.0.4', '山田 花子', email);
    const order = await placeBy(browser, { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
    expectJapanese(await mailTo(email, `ご注文ありがとうございます（注文番号 ${order.number}）`), order);
    const [row] = await shop.database.db
      .select({ language: orders.language })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.language).toBe('ja');
    // Paid through requests that name no language: the mail is still in the order's.
    const intent = await browser.post('/api/create-payment-intent', { orderId: order._id });
    const card = await confirmCard(browser, intent.json().clientSecret);
    const paid = await browser.request({
      method: 'PATCH',
      url: `/api/order/${order._id}`,
      payload: { transactionId: card.json().transactionId },
    });
    expect(paid.statusCode).toBe(200);
    const paidMail = await mailTo(email, `ご注文 ${order.number}：お支払いを確認しました`);
    expectJapanese(paidMail, order);
    expect(paidMail.text).toMatch(/^請求書 \(PDF\)：http\S+\/invoice\.pdf$/m);
    expect(paidMail.text).toMatch(/^領収書 \(PDF\)：http\S+\/receipt\.pdf$/m);
    // The account's language, once chosen, wins.
    expect((await browser.put(`/api/users/${email}`, { language: 'en' })).statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/order/${order._id}/ship`, payload: {} })).statusCode,
    ).toBe(200);
    const shipped = await mailTo(email, `Order ${order.number} has shipped`);
    expect(shipped.html).toContain('<html lang="en">');
    expect(shipped.text).toContain('Hello 山田 花子,');
    expect(shipped.text).toContain('Delivery note (PDF): ');
    expect(shipped.text).not.toContain('合計');
  });

  it('an English buyer’s mails are in English, and an English order keeps no language', async () => {
    const order = await placeTwoLines();
    const placed = await mailTitled(`Order ${order.number} placed`);
    expect(placed.html).toContain('<html lang="en">');
    expect(placed.text).toContain('Hello Hanako Mail,');
    for (const body of [placed.text, placed.html]) {
      expect(body).not.toMatch(/[\u3040-\u30ff]/);
      expect(body).not.toContain('合計');
    }
    const [row] = await shop.database.db
      .select({ language: orders.language })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.language).toBeNull();
  });
});
