import { describe, expect, it } from 'vitest';
import { type AuditKind, auditKindLabel, auditKinds, describeAudit } from './audit';
import { auditChangesJa, auditKindLabelJa, describeAuditJa } from './audit-ja';

/** One entry of each kind, as the server records them (modules/*: their before and after). */
const entries: Record<
  AuditKind,
  { label: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }
> = {
  'user.update': {
    label: 'taro@example.jp',
    before: { displayName: 'Taro' },
    after: { displayName: 'Taro Yamada' },
  },
  'user.promote': { label: 'taro@example.jp', before: { role: 'user' }, after: { role: 'admin' } },
  'user.demote': { label: 'taro@example.jp', before: { role: 'admin' }, after: { role: 'user' } },
  'user.approve': { label: 'taro@example.jp', before: { approved: false }, after: { approved: true } },
  'user.delete': { label: 'taro@example.jp', before: { name: 'Taro', role: 'user' }, after: null },
  'product.create': {
    label: 'Hira Kanna 48 mm',
    before: null,
    after: {
      productName: 'Hira Kanna 48 mm',
      kind: 'plane',
      perPrice: 54.5,
      available: 50,
      volumePrices: [],
    },
  },
  'product.update': {
    label: 'Hira Kanna 48 mm',
    before: { perPrice: 54.5, available: 50, kind: 'plane' },
    after: { perPrice: 56, available: 60, kind: 'chisel' },
  },
  'product.archive': { label: 'Hira Kanna 48 mm', before: { onSale: true }, after: { onSale: false } },
  'order.ship': {
    label: 'K-000123',
    before: { status: 'paid' },
    after: { status: 'shipped', carrier: 'Yamato', trackingNumber: '1234-5678' },
  },
  'order.cancel': {
    label: 'K-000123',
    before: { status: 'unpaid' },
    after: { status: 'cancelled', reason: 'お客様のご依頼' },
  },
  'order.note': { label: 'K-000123', before: null, after: { note: '電話で確認済み' } },
  'order.payment': {
    label: 'K-000123',
    before: { status: 'unpaid', amountPaid: 0 },
    after: {
      status: 'unpaid',
      amountPaid: 500,
      amount: 500,
      receivedOn: '2026-11-27',
      reference: 'K-000123',
    },
  },
  'order.paymentMethod': {
    label: 'K-000123',
    before: { paymentMethod: 'card' },
    after: { paymentMethod: 'transfer' },
  },
  'order.enter': {
    label: 'K-000123',
    before: null,
    after: { buyer: '山田 太郎' },
  },
  'order.approve': {
    label: 'K-000123',
    before: { status: 'awaiting_approval' },
    after: { status: 'unpaid' },
  },
  'order.decline': {
    label: 'K-000123',
    before: { status: 'awaiting_approval' },
    after: { status: 'cancelled', reason: '予算超過のため' },
  },
  'review.remove': {
    label: 'Aiko Mori’s review “Sharp and true”',
    before: null,
    after: { reason: '宣伝のため' },
  },
  'enquiry.status': {
    label: 'Hira Kanna 48 mm — buyer@example.jp',
    before: { status: 'new' },
    after: { status: 'answered' },
  },
  'settings.update': {
    label: 'Shop settings',
    before: { legalName: 'Kanna', tax: { enabled: false }, transferHoldDays: 7 },
    after: { legalName: 'Kanna K.K.', tax: { enabled: true }, transferHoldDays: 10 },
  },
  'page.update': {
    label: '特定商取引法に基づく表記',
    before: { bodyJa: '販売業者：【要記入】', completed: false },
    after: { bodyJa: '販売業者：株式会社鉋', completed: true },
  },
  'priceList.create': {
    label: 'Trade 85',
    before: null,
    after: { name: 'Trade 85', percent: 85, fixedPrices: [] },
  },
  'priceList.update': {
    label: 'Trade 85',
    before: { percent: 85, fixedPrices: [] },
    after: { percent: 80, fixedPrices: [{ toolId: 'x', currency: 'USD', price: 40 }] },
  },
  'priceList.delete': { label: 'Trade 85', before: { name: 'Trade 85', percent: 85 }, after: null },
  'user.priceList': {
    label: 'taro@example.jp',
    before: { priceList: null },
    after: { priceList: 'Trade 85' },
  },
  'company.apply': { label: '山田木工所', before: null, after: { name: '山田木工所', department: null } },
  'company.create': {
    label: '山田木工所',
    before: null,
    after: { owner: 'taro@example.jp', closingDay: 20 },
  },
  'company.approve': {
    label: '山田木工所',
    before: { status: 'pending' },
    after: {
      status: 'approved',
      closingDay: 'end',
      payMonthsAfter: 1,
      payDay: 'end',
      creditLimit: 500000,
      currency: 'JPY',
    },
  },
  'company.decline': {
    label: '山田木工所',
    before: { status: 'pending' },
    after: { status: 'declined', reason: '登録番号を確認できませんでした' },
  },
  'company.terms': { label: '山田木工所', before: { closingDay: 20 }, after: { closingDay: 25 } },
  'company.priceList': { label: '山田木工所', before: { priceList: null }, after: { priceList: 'Trade 85' } },
  'company.invite': { label: '山田木工所', before: null, after: { email: 'hanako@example.jp' } },
  'company.join': {
    label: '山田木工所',
    before: null,
    after: { member: 'hanako@example.jp', role: 'buyer' },
  },
  'company.spendingLimit': {
    label: '山田木工所',
    before: { member: 'hanako@example.jp', spendingLimit: null },
    after: { member: 'hanako@example.jp', spendingLimit: 50000, currency: 'JPY' },
  },
  'company.removeMember': {
    label: '山田木工所',
    before: { member: 'hanako@example.jp', role: 'buyer' },
    after: null,
  },
  'company.withdrawInvitation': {
    label: '山田木工所',
    before: { email: 'hanako@example.jp' },
    after: null,
  },
  'company.statement': {
    label: '山田木工所',
    before: null,
    after: { statement: 'ST-2026-000001', dueOn: '2026-12-31', amountDue: 110000, currency: 'JPY' },
  },
  'company.payment': {
    label: '山田木工所',
    before: null,
    after: { amount: 110000, currency: 'JPY', receivedOn: '2026-12-25', reference: 'ヤマダモツコウ' },
  },
  'company.reversePayment': {
    label: '山田木工所',
    before: { amount: 110000, currency: 'JPY', receivedOn: '2026-12-25', reference: 'ヤマダモツコウ' },
    after: { reason: '金額の入力誤り' },
  },
  'quote.create': { label: 'QT-2026-000001', before: null, after: { buyer: '田中 健' } },
  'quote.withdraw': { label: 'QT-2026-000001', before: { state: 'open' }, after: { state: 'withdrawn' } },
};

/** What the shop's data brings into a sentence (names, e-mails, numbers, amounts), taken out. */
const data = [
  'taro@example.jp',
  'buyer@example.jp',
  'Hira Kanna 48 mm',
  'K-000123',
  'ST-2026-000001',
  '2026-12-31',
  'Yamato',
  'Aiko Mori',
  'Sharp and true',
  'Kanna K.K.',
  'Kanna',
  'Taro Yamada',
  'Taro',
  'Trade 85',
  'hanako@example.jp',
  'QT-2026-000001',
];
const latinLeft = (text: string) => {
  let rest = text;
  for (const known of data) rest = rest.replaceAll(known, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
};

describe('the audit log in Japanese', () => {
  it('names every kind in Japanese', () => {
    for (const kind of auditKinds) {
      expect(auditKindLabelJa[kind], kind).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(auditKindLabelJa[kind]).not.toBe(auditKindLabel[kind]);
    }
  });

  it('says every kind of entry in a Japanese sentence, with no English word but the data', () => {
    for (const kind of auditKinds) {
      const { label, before, after } = entries[kind];
      const sentence = describeAuditJa({ kind, target: { label }, before, after });
      expect(sentence, kind).toMatch(/しました$|しました：|しました（/);
      expect(latinLeft(sentence), `${kind}: ${sentence}`).toEqual([]);
    }
  });

  it('says the changes, their values and known words in Japanese', () => {
    const { before, after } = entries['product.update'];
    expect(
      describeAuditJa({ kind: 'product.update', target: { label: 'Hira Kanna 48 mm' }, before, after }),
    ).toBe('Hira Kanna 48 mm を変更しました：価格 $54.50 → $56.00、在庫数 50 → 60、種類 鉋 → 鑿');
    expect(
      auditChangesJa({ approved: false, volumePrices: [] }, { approved: true, volumePrices: [{}, {}] }),
    ).toEqual([
      { field: 'approved', label: '承認', before: 'いいえ', after: 'はい' },
      { field: 'volumePrices', label: '数量割引', before: 'なし', after: '2件' },
    ]);
    expect(
      describeAuditJa({
        kind: 'review.remove',
        target: { label: entries['review.remove'].label },
        before: null,
        after: { reason: '宣伝のため' },
      }),
    ).toBe('Aiko Mori さんのレビュー「Sharp and true」 を削除しました：宣伝のため');
    expect(
      describeAuditJa({
        kind: 'settings.update',
        target: { label: 'Shop settings' },
        before: null,
        after: null,
      }),
    ).toBe('ショップ設定を保存しました');
  });

  it('describes a kind a newer release wrote by its name, its target and what changed', () => {
    expect(
      describeAuditJa({
        kind: 'order.refundSent',
        target: { label: 'K-000123' },
        before: null,
        after: { amount: 12.5 },
      }),
    ).toBe('order.refundSent（K-000123）：金額 — → $12.50');
  });

  it('leaves the English as it was', () => {
    const { before, after } = entries['product.update'];
    expect(
      describeAudit({ kind: 'product.update', target: { label: 'Hira Kanna 48 mm' }, before, after }),
    ).toBe('Changed Hira Kanna 48 mm: price $54.50 → $56.00, available 50 → 60, kind plane → chisel');
  });
});
