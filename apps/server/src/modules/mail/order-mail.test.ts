import { messages } from '@kanna/shared';
import { describe, expect, it } from 'vitest';
import { japaneseScript, textShape, textStrings } from '../../test/texts';
import { escapeHtml, type MailOrder, type OrderMailEvent, renderOrderMail, shopTime } from './order-mail';
import { orderMailTexts } from './order-mail-texts';

const shop = {
  legalName: 'Kanna Tools K.K.',
  address: '1-2-3 Kuramae\nTaito-ku, Tokyo 111-0051',
  timeZone: 'Asia/Tokyo',
};
const order: MailOrder = {
  currency: 'USD',
  number: 'K-000123',
  buyerName: 'Taro Yamada',
  // 17:05 in Tokyo
  placedAt: new Date('2026-11-26T08:05:00Z'),
  lines: [
    { productName: 'Hira Kanna 70', quantity: 2, perPriceCents: 12_500 },
    { productName: 'Oire Nomi 9', quantity: 10, perPriceCents: 450 },
  ],
  totalCents: 29_500,
  shippingCents: 0,
  taxCents: 0,
  taxRateBp: 0,
  taxTreatment: 'none',
  amountDueCents: 29_500,
  address: '4-5-6 Ginza\nChuo-ku, Tokyo',
  phone: '+81 3-1234-5678',
  link: 'https://kanna.example/dashboard/myOrders/abc',
};
const at = new Date('2026-11-27T01:30:00Z'); // 10:30 in Tokyo

/** Every kind of order mail, with what its subject and its own news say. */
const kinds: { event: OrderMailEvent; subject: string; says: string[] }[] = [
  {
    event: { kind: 'placed', holdUntil: new Date('2026-11-28T08:05:00Z') },
    subject: 'Order K-000123 placed',
    says: ['Thank you for your order.', 'Stock held until', '28 Nov 2026, 17:05 (Asia/Tokyo)'],
  },
  {
    event: { kind: 'paid', at, amountCents: 29_500, transactionId: 'pi_test_1' },
    subject: 'Order K-000123: payment received',
    says: ['We received $295.00', 'Paid', '27 Nov 2026, 10:30 (Asia/Tokyo)', 'pi_test_1'],
  },
  {
    event: { kind: 'shipped', at, carrier: 'Yamato Transport', trackingNumber: '1234-5678-9012' },
    subject: 'Order K-000123 has shipped',
    says: ['Shipped', '27 Nov 2026, 10:30 (Asia/Tokyo)', 'Yamato Transport', '1234-5678-9012'],
  },
  {
    event: { kind: 'cancelled', at, by: 'buyer' },
    subject: 'Order K-000123 cancelled',
    says: ['as you asked', 'Cancelled', '27 Nov 2026, 10:30 (Asia/Tokyo)'],
  },
  {
    event: { kind: 'cancelled', at, by: 'shop', reason: 'Out of stock at the maker' },
    subject: 'Order K-000123 cancelled',
    says: ['We have cancelled your order.', 'Reason', 'Out of stock at the maker', 'No payment was taken.'],
  },
  {
    event: { kind: 'cancelled', at, by: 'shop', reason: 'Discontinued', refundingCents: 29_500 },
    subject: 'Order K-000123 cancelled',
    says: [
      'Discontinued',
      'The $295.00 you paid is being refunded to your card; we will e-mail you once it is done.',
    ],
  },
  {
    event: { kind: 'cancelled', at, by: 'hold' },
    subject: 'Order K-000123 cancelled: its hold ended',
    says: ['not paid before its hold on the stock ended', '27 Nov 2026, 10:30 (Asia/Tokyo)'],
  },
  {
    event: { kind: 'refunded', at, amountCents: 29_500, refundId: 're_test_2' },
    subject: 'Order K-000123 refunded',
    says: ['We have refunded $295.00 to your card for your cancelled order.', 're_test_2'],
  },
  {
    event: {
      kind: 'refunded',
      at,
      amountCents: 29_500,
      refundId: 're_test_1',
      reason: messages.paymentRefunded,
    },
    subject: 'Order K-000123 refunded',
    says: [messages.paymentRefunded, '$295.00', 're_test_1', '27 Nov 2026, 10:30 (Asia/Tokyo)'],
  },
];

describe('order mails', () => {
  for (const { event, subject, says } of kinds) {
    const label =
      event.kind === 'cancelled'
        ? `cancelled (${event.by}${event.refundingCents ? ', refunding' : ''})`
        : `${event.kind}${event.kind === 'refunded' && event.reason ? ' (late payment)' : ''}`;
    it(`${label}: the number in the subject, and both parts carry the order, its news and the shop`, () => {
      const mail = renderOrderMail(order, event, shop);
      expect(mail.subject).toBe(subject);
      for (const [part, body] of [
        ['text', mail.text],
        ['html', mail.html],
      ] as const) {
        const shown = part === 'html' ? (s: string) => escapeHtml(s) : (s: string) => s;
        for (const text of [
          'Hello Taro Yamada,',
          'K-000123',
          // when it was placed, in the shop's zone and named
          '26 Nov 2026, 17:05 (Asia/Tokyo)',
          'Hira Kanna 70',
          '$125.00',
          '$250.00',
          'Oire Nomi 9',
          '$4.50',
          '$45.00',
          '$295.00',
          '4-5-6 Ginza',
          'Chuo-ku, Tokyo',
          '+81 3-1234-5678',
          'Kanna Tools K.K.',
          '1-2-3 Kuramae',
          'Taito-ku, Tokyo 111-0051',
          order.link,
          ...says,
        ]) {
          expect(body, `${label} ${part}: ${text}`).toContain(shown(text));
        }
      }
      // The quantities, with the line they belong to.
      expect(mail.text).toContain('2 × Hira Kanna 70 at $125.00 each: $250.00');
      expect(mail.text).toContain('10 × Oire Nomi 9 at $4.50 each: $45.00');
      expect(mail.text).toContain('Total: $295.00');
      expect(mail.html).toMatch(/Hira Kanna 70<\/td><td[^>]*>2<\/td>/);
      expect(mail.html).toMatch(/Oire Nomi 9<\/td><td[^>]*>10<\/td>/);
    });
  }

  it('shows goods, shipping, tax at its rate and the total due when the order charges them', () => {
    const charged = {
      ...order,
      shippingCents: 1_500,
      taxCents: 3_100,
      taxRateBp: 1_000,
      taxTreatment: 'domestic' as const,
      amountDueCents: 34_100,
    };
    const mail = renderOrderMail(charged, { kind: 'placed', holdUntil: at }, shop);
    for (const text of ['Goods: $295.00', 'Shipping: $15.00', 'Tax (10%): $31.00', 'Total due: $341.00'])
      expect(mail.text).toContain(text);
    expect(mail.text).not.toContain('Total: ');
    expect(mail.html).toMatch(/Tax \(10%\)<\/td><td[^>]*>\$31\.00</);
    expect(mail.html).toMatch(/Total due<\/td><td[^>]*>\$341\.00</);
  });

  it('names the buyer’s purchase-order number in every mail about the order, in each language, as text', () => {
    const withPo: MailOrder = { ...order, poNumber: 'PO-<77>' };
    for (const { event } of kinds) {
      const en = renderOrderMail(withPo, event, shop, 'en');
      expect(en.text, event.kind).toContain('Your PO number: PO-<77>');
      expect(en.html, event.kind).toContain(escapeHtml('PO-<77>'));
      expect(en.html, event.kind).not.toContain('PO-<77>');
      expect(renderOrderMail(withPo, event, shop, 'ja').text, event.kind).toContain('貴社発注番号：PO-<77>');
    }
    expect(renderOrderMail(order, { kind: 'placed', holdUntil: at }, shop, 'en').text).not.toContain(
      'PO number',
    );
  });

  it('says an export is tax exempt', () => {
    const exported = {
      ...order,
      shippingCents: 4_000,
      taxTreatment: 'export' as const,
      amountDueCents: 33_500,
    };
    const mail = renderOrderMail(exported, { kind: 'placed', holdUntil: at }, shop);
    expect(mail.text).toContain('Tax: export — tax exempt');
    expect(mail.text).toContain('Total due: $335.00');
  });

  it('links a placed order to where it is paid, and says so', () => {
    const mail = renderOrderMail(
      { ...order, link: 'https://kanna.example/dashboard/payment/abc' },
      { kind: 'placed', holdUntil: new Date('2026-11-28T08:05:00Z') },
      shop,
    );
    expect(mail.text).toContain('Pay for the order: https://kanna.example/dashboard/payment/abc');
    expect(mail.html).toContain('href="https://kanna.example/dashboard/payment/abc"');
  });

  it('writes what a buyer or an admin typed as text in the HTML, never as markup', () => {
    const hostile: MailOrder = {
      ...order,
      buyerName: '<b>Mallory</b>',
      lines: [{ productName: '<script>alert("x")</script> & Co', quantity: 1, perPriceCents: 100 }],
      totalCents: 100,
      address: '<img src=x onerror=alert(1)>\n"Ginza" \'1\'',
    };
    const event: OrderMailEvent = {
      kind: 'shipped',
      at,
      carrier: '<a href="https://evil.example">Carrier</a>',
      trackingNumber: '<i>1</i>',
    };
    const { html, text } = renderOrderMail(hostile, event, { ...shop, legalName: 'Kanna <K.K.>' });
    for (const markup of ['<script', '<img', '<b>', '<a href="https://evil', '<i>', '<K.K.>']) {
      expect(html).not.toContain(markup);
    }
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;<br>&#34;Ginza&#34; &#39;1&#39;');
    expect(html).toContain('&#60;b&#62;Mallory&#60;/b&#62;');
    expect(html).toContain('&#60;a href=&#34;https://evil.example&#34;&#62;Carrier&#60;/a&#62;');
    // The plain text says it as typed.
    expect(text).toContain('<script>alert("x")</script> & Co');
  });

  it('leaves out the shop address line when there is none, and says nothing empty', () => {
    const mail = renderOrderMail(order, { kind: 'shipped', at }, { ...shop, address: '' });
    expect(mail.text.trimEnd().endsWith('-- \nKanna Tools K.K.')).toBe(true);
    expect(mail.text).not.toContain('Carrier');
    expect(mail.text).not.toContain('Tracking number');
    expect(mail.html).not.toContain('Carrier');
  });

  it('links to the carrier’s tracking page for Yamato, Sagawa and Japan Post, named in the mail’s language', () => {
    const shipped = (carrier: string, trackingNumber: string, language: 'en' | 'ja' = 'en') =>
      renderOrderMail(order, { kind: 'shipped', at, carrier, trackingNumber }, shop, language);
    const yamato = shipped('ヤマト運輸', '4455-6677-8899');
    const toYamato = 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=445566778899';
    expect(yamato.text).toContain('Carrier: Yamato Transport');
    expect(yamato.text).toContain(`Track the parcel: ${toYamato}`);
    expect(yamato.html).toContain(`<a href="${escapeHtml(toYamato)}"`);
    const sagawa = shipped('Sagawa Express', '1234 5678 9012', 'ja');
    const toSagawa = 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012';
    expect(sagawa.text).toContain('配送業者：佐川急便');
    expect(sagawa.text).toContain(`配送状況の確認：${toSagawa}`);
    expect(sagawa.html).toContain(`<a href="${escapeHtml(toSagawa)}"`);
    const post = shipped('日本郵便', 'EA123456789JP', 'ja');
    expect(post.text).toContain(
      '配送状況の確認：https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=EA123456789JP&locale=ja',
    );
    expect(shipped('Japan Post', 'EA123456789JP').text).toContain('&locale=en');
    // Another carrier, typed: named as typed, and no link.
    const other = shipped('Seino Transportation', 'S-1');
    expect(other.text).toContain('Carrier: Seino Transportation');
    expect(other.text).not.toContain('Track the parcel');
    expect(other.html).not.toContain('<a href="https://toi');
    // A known carrier without a number: no link either.
    expect(shipped('Yamato Transport', '').text).not.toContain('Track the parcel');
  });

  it('writes times in the zone the shop names, daylight saving included', () => {
    expect(shopTime(new Date('2026-11-26T08:05:00Z'), 'Asia/Tokyo')).toBe('26 Nov 2026, 17:05 (Asia/Tokyo)');
    expect(shopTime(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe(
      '1 Jul 2026, 14:00 (Europe/Berlin)',
    );
    expect(shopTime(new Date('2026-12-01T12:00:00Z'), 'Europe/Berlin')).toBe(
      '1 Dec 2026, 13:00 (Europe/Berlin)',
    );
    const mail = renderOrderMail(order, { kind: 'shipped', at }, { ...shop, timeZone: 'America/New_York' });
    expect(mail.text).toContain('Placed: 26 Nov 2026, 03:05 (America/New_York)');
  });
});

describe('order mails in Japanese', () => {
  /** English words of the mails: none may be left in a Japanese mail (the shared ones aside). */
  const englishWords = textStrings(orderMailTexts.en)
    .filter(([key, text]) => !['locale', 'colon', 'bank.swift'].includes(key) && text.length > 3)
    .map(([, text]) => text);
  const transfer = {
    bank: {
      bankName: 'みずほ銀行',
      branch: '蔵前支店',
      accountType: '普通',
      accountNumber: '7654321',
      accountHolder: 'カンナツールズ（カ',
      swift: '',
    },
    reference: 'K-000123',
    amountLeftCents: 29_500,
    paidCents: 0,
  };
  const japaneseKinds: OrderMailEvent[] = [
    ...kinds.map((k) => k.event).filter((e) => !(e.kind === 'refunded' && e.reason)),
    { kind: 'placed', holdUntil: at, transfer },
    { kind: 'transfer due', holdUntil: at, transfer: { ...transfer, paidCents: 10_000 } },
    { kind: 'paid', at, amountCents: 29_500, transactionId: null },
    { kind: 'cancelled', at, by: 'shop', refundingCents: 29_500, refundBy: 'transfer' },
  ];

  for (const event of japaneseKinds) {
    it(`${event.kind}: subject, text and HTML in Japanese, with the order's values as they are`, () => {
      const mail = renderOrderMail(order, event, shop, 'ja');
      const english = renderOrderMail(order, event, shop, 'en');
      expect(mail.subject).toContain('K-000123');
      expect(mail.subject).toMatch(japaneseScript);
      expect(mail.subject).not.toBe(english.subject);
      expect(mail.html).toContain('<html lang="ja">');
      for (const [part, body] of [
        ['text', mail.text],
        ['html', mail.html],
      ] as const) {
        for (const text of [
          'Taro Yamada 様',
          'ご注文日時',
          // placed at 17:05 in Tokyo, written the Japanese way
          '2026年11月26日 17:05（日本時間）',
          'Hira Kanna 70',
          '$125.00',
          '$295.00',
          '合計',
          'お届け先',
          '4-5-6 Ginza',
          '電話番号',
          'Kanna Tools K.K.',
          order.link,
        ])
          expect(body, `${event.kind} ${part}: ${text}`).toContain(text);
        for (const word of englishWords) expect(body, `${event.kind} ${part}: ${word}`).not.toContain(word);
      }
    });
  }

  it('names the zone of its times in words: 日本時間 for Tokyo, the Japanese name of another zone', () => {
    const mail = renderOrderMail(order, { kind: 'shipped', at }, shop, 'ja');
    expect(mail.text).toContain('ご注文日時：2026年11月26日 17:05（日本時間）');
    expect(mail.html).toContain('2026年11月26日 17:05（日本時間）');
    expect(mail.text).not.toContain('Asia/Tokyo');
    expect(mail.html).not.toContain('Asia/Tokyo');
    expect(shopTime(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin', 'ja')).toBe(
      '2026年7月1日 14:00（中央ヨーロッパ時間）',
    );
    expect(shopTime(new Date('2026-11-26T08:05:00Z'), 'Asia/Tokyo', 'en')).toBe(
      '26 Nov 2026, 17:05 (Asia/Tokyo)',
    );
  });

  it('heads the lines table 商品, 数量, 単価, 金額 and says each line with its quantity in the text', () => {
    const mail = renderOrderMail(order, { kind: 'shipped', at }, shop, 'ja');
    for (const head of ['商品', '数量', '単価', '金額'])
      expect(mail.html).toMatch(new RegExp(`<th[^>]*>${head}</th>`));
    expect(mail.html).toMatch(/Hira Kanna 70<\/td><td[^>]*>2<\/td>/);
    expect(mail.text).toContain('Hira Kanna 70　$125.00 × 2 ＝ $250.00');
    expect(mail.text).toContain('合計：$295.00');
    expect(mail.subject).toBe('ご注文 K-000123 の商品を発送しました');
  });

  it('says the charges, the transfer account and the documents in Japanese', () => {
    const charged: MailOrder = {
      ...order,
      shippingCents: 1_500,
      taxCents: 3_100,
      taxRateBp: 1_000,
      taxTreatment: 'domestic',
      amountDueCents: 34_100,
      documents: [{ kind: 'proforma', url: 'https://kanna.example/api/orders/abc/documents/proforma.pdf' }],
    };
    const mail = renderOrderMail(charged, { kind: 'placed', holdUntil: at, transfer }, shop, 'ja');
    for (const text of [
      '小計：$295.00',
      '送料：$15.00',
      '消費税（10%）：$31.00',
      '合計：$341.00',
      'お支払い期限：2026年11月27日 10:30（日本時間）',
      'お振込金額：$295.00',
      '振込参照番号：K-000123',
      '銀行名：みずほ銀行',
      '口座番号：7654321',
      'プロフォーマ請求書 (PDF)：https://kanna.example/api/orders/abc/documents/proforma.pdf',
    ])
      expect(mail.text).toContain(text);
    expect(mail.text).not.toContain('SWIFT');
    const exported = renderOrderMail(
      { ...order, shippingCents: 4_000, taxTreatment: 'export', amountDueCents: 33_500 },
      { kind: 'shipped', at },
      shop,
      'ja',
    );
    expect(exported.text).toContain('消費税：輸出免税');
  });

  it('says the late payment’s refund in the shop’s Japanese message', () => {
    const event: OrderMailEvent = {
      kind: 'refunded',
      at,
      amountCents: 29_500,
      reason: messages.paymentRefunded,
    };
    const mail = renderOrderMail(order, event, shop, 'ja');
    expect(mail.text).toContain('お支払いの前にこのご注文がキャンセルされたため');
    expect(mail.text).not.toContain(messages.paymentRefunded);
  });

  it('keeps what an admin typed as typed', () => {
    const event: OrderMailEvent = { kind: 'cancelled', at, by: 'shop', reason: 'Out of stock at the maker' };
    expect(renderOrderMail(order, event, shop, 'ja').text).toContain('理由：Out of stock at the maker');
  });

  it('has every key of the English texts, each a string or a function as in English, and no other', () => {
    const english = textShape(orderMailTexts.en);
    const japanese = textShape(orderMailTexts.ja);
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, kind] of english) expect(`${key}: ${japanese.get(key)}`).toBe(`${key}: ${kind}`);
    const notJapanese = textStrings(orderMailTexts.ja).filter(
      ([key, text]) => !['locale', 'colon', 'bank.swift'].includes(key) && !japaneseScript.test(text),
    );
    expect(notJapanese).toEqual([]);
  });
});
