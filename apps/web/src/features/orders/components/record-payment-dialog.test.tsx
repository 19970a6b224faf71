import type { OrderDesk } from '@kanna/shared/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { transferInstructions } from '../../../test/fixtures';
import { AdminOrderPage, MyOrderPage } from '../pages/order-desk-page';
import { apiError, json, order, publicSettings, renderAt, stubApi } from '../test-utils';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

const id = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const url = `/api/orders/${id}`;

/** An unpaid bank-transfer order ($770 due), $300 of it recorded, as GET /api/orders/{id} answers. */
const partlyPaid = (overrides: Partial<OrderDesk> = {}): OrderDesk => ({
  ...order({ paymentMethod: 'transfer', amountPaid: 300 }),
  buyer: { name: 'Taro Yamada', email: 'taro@example.com', phone: '03-1234-5678' },
  payments: [
    {
      method: 'transfer',
      amount: 300,
      status: 'succeeded',
      transactionId: null,
      test: false,
      at: '2025-05-02T01:00:00.000Z',
      receivedOn: '2025-05-02',
      reference: 'K-000123',
      recordedBy: 'Mina Admin',
      refundOwed: 0,
    },
  ],
  events: [{ at: '2025-05-01T00:00:00.000Z', type: 'placed', by: 'buyer', note: null }],
  notes: [],
  ...overrides,
});

const adminPage = () =>
  renderAt(<AdminOrderPage />, { path: `/dashboard/orders/${id}`, route: '/dashboard/orders/:id' });

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('Record payment (admin order page)', () => {
  it('offers today in the shop’s days as the day received, wherever the admin’s browser is', async () => {
    // 15:30 in UTC (this browser's zone) on 6 December is already 7 December in Tokyo, the shop's
    // zone: the server judges the day there, and refused the browser's day as before the order.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T15:30:00Z'));
    try {
      stubApi((call) => {
        if (call.url === '/api/settings') return json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' });
        if (call.url === url && call.method === 'GET') return json(200, partlyPaid());
        return undefined;
      });
      adminPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Record a payment on order K-000123' }),
      );
      const day = dialog.getByLabelText(/Received on/) as HTMLInputElement;
      await waitFor(() => expect(day.value).toBe('2026-12-07'));
      expect(day.max).toBe('2026-12-07');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows partly paid and the recorded transfer, then records a payment judged by the contract', async () => {
    const paid = partlyPaid({ status: 'paid', paid: true, amountPaid: 770 });
    const calls = stubApi((call) => {
      if (call.url === url && call.method === 'GET') return json(200, partlyPaid());
      if (call.url === `${url}/payments`) return json(201, paid);
      return undefined;
    });
    adminPage();
    expect(await screen.findByText('Partly paid $300.00 of $770.00')).toBeTruthy();
    const payments = within(screen.getByRole('region', { name: 'Payments' }));
    expect(payments.getByText('Bank transfer')).toBeTruthy();
    expect(payments.getByText(/Received 2025-05-02, reference/).textContent).toContain(
      'recorded by Mina Admin',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a payment on order K-000123' }));
    expect(dialog.getByText(/\$300\.00 of \$770\.00 received so far: \$470\.00 is still due/)).toBeTruthy();
    expect((dialog.getByLabelText(/Reference/) as HTMLInputElement).value).toBe('K-000123');

    fireEvent.change(dialog.getByLabelText(/Amount received/), { target: { value: '12.345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText(/amount received must be an amount in dollars/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText(/Amount received/), { target: { value: '$470' } });
    fireEvent.change(dialog.getByLabelText(/Received on/), { target: { value: '2025-05-03' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: `${url}/payments`,
        method: 'POST',
        body: { amount: 470, receivedOn: '2025-05-03', reference: 'K-000123' },
      }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', '$470.00 recorded on order K-000123.'),
    );
  });

  it("keeps the server's refusal in the dialog", async () => {
    stubApi((call) => {
      if (call.url === url && call.method === 'GET') return json(200, partlyPaid());
      if (call.url === `${url}/payments`)
        return apiError(
          409,
          'Ben Second has just recorded this payment (the same amount, day and reference).',
        );
      return undefined;
    });
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/Amount received/), { target: { value: '300' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText(/Ben Second has just recorded this payment/)).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });

  it('says that money on a cancelled order is flagged to be given back, and shows what is owed', async () => {
    stubApi((call) =>
      call.url === url
        ? json(
            200,
            partlyPaid({
              status: 'cancelled',
              amountPaid: 0,
              refundOwed: 300,
              cancelledAt: '2025-05-09T00:00:00.000Z',
              payments: [{ ...partlyPaid().payments[0], refundOwed: 300 } as OrderDesk['payments'][number]],
            }),
          )
        : undefined,
    );
    adminPage();
    expect(await screen.findByText('Refund owed $300.00')).toBeTruthy();
    expect(screen.getByText('$300.00 to be given back to the buyer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(/This order is cancelled: the money is recorded and flagged to be given back/),
    ).toBeTruthy();
  });
});

describe("the buyer's page of an unpaid transfer order", () => {
  it('shows partly paid and how to pay the rest', async () => {
    const { notes: _notes, ...forBuyer } = partlyPaid();
    stubApi((call) => {
      if (call.url === url) return json(200, forBuyer);
      if (call.url === `${url}/transfer`)
        return json(200, transferInstructions({ amountPaid: 300, amountLeft: 470 }));
      return undefined;
    });
    renderAt(<MyOrderPage />, { path: `/dashboard/myOrders/${id}`, route: '/dashboard/myOrders/:id' });
    expect(await screen.findByText('Partly paid $300.00 of $770.00')).toBeTruthy();
    const details = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    expect(details.textContent).toContain('Transfer $470.00 by');
    expect(details.textContent).toContain('1234567');
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
  });
});

describe('The admin’s actions on an order’s page, in Japanese', () => {
  const inJapanese = (desk: OrderDesk) => {
    stubApi((call) => {
      if (call.url === '/api/settings') return json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' });
      if (call.url === url && call.method === 'GET') return json(200, desk);
      return undefined;
    });
    renderAt(
      <LanguageContext value="ja">
        <AdminOrderPage />
      </LanguageContext>,
      { path: `/dashboard/orders/${id}`, route: '/dashboard/orders/:id' },
    );
  };

  it('records a payment, cancels and notes in Japanese: the dialogs open and close without acting', async () => {
    const noted = partlyPaid({
      notes: [{ text: 'Called the buyer.', by: 'Mina Admin', at: '2025-05-02T03:00:00.000Z' }],
    });
    inJapanese(noted);
    expect(await screen.findByText('一部入金 $300.00／$770.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '入金を記録' }));
    const record = within(await screen.findByRole('dialog', { name: '注文 K-000123 の入金を記録' }));
    expect(
      record.getByText(/\$770\.00 のうち \$300\.00 を受け取り済みです。残りは \$470\.00 です。/),
    ).toBeTruthy();
    expect(record.getByLabelText(/^入金額（\$）/)).toBeTruthy();
    expect(record.getByLabelText(/^入金日/)).toBeTruthy();
    expect(record.getByLabelText(/^振込参照番号/)).toBeTruthy();
    fireEvent.click(record.getByRole('button', { name: '今はしない' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '注文をキャンセル' }));
    const cancel = within(
      await screen.findByRole('dialog', { name: '注文 K-000123 をキャンセルしますか？' }),
    );
    expect(
      cancel.getByText(/この注文はお支払いができなくなり、在庫は販売に戻ります。Taro Yamada 様/),
    ).toBeTruthy();
    expect(cancel.getByRole('button', { name: 'はい、注文をキャンセルする' })).toBeTruthy();
    fireEvent.click(cancel.getByRole('button', { name: '注文を残す' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const notes = within(screen.getByRole('region', { name: '社内メモ' }));
    expect(notes.getByText('管理者だけが見られます。お客様には表示されません。')).toBeTruthy();
    // 03:00 UTC is noon in Tokyo.
    expect(notes.getByText(/Mina Admin、?/).textContent).toContain('2025年5月2日 12:00');
    fireEvent.change(notes.getByLabelText('メモ'), { target: { value: 'x'.repeat(2001) } });
    expect(notes.getByText('2,001／2,000文字')).toBeTruthy();
    expect(notes.getByRole('button', { name: 'メモを追加' })).toBeTruthy();
  });

  it('ships a paid order in Japanese: the dialog says the buyer is mailed and closes without shipping', async () => {
    inJapanese(
      partlyPaid({
        status: 'paid',
        paid: true,
        amountPaid: 770,
        paymentMethod: 'card',
        transactionId: 'pi_1',
        payments: [],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '発送' }));
    const ship = within(await screen.findByRole('dialog', { name: '注文 K-000123 を発送しますか？' }));
    expect(ship.getByText(/Taro Yamada 様に発送のお知らせをメールでお送りします/)).toBeTruthy();
    expect(ship.getByText('任意（例：ヤマト運輸）')).toBeTruthy();
    fireEvent.click(ship.getByRole('button', { name: 'まだ発送しない' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '注文をキャンセル' }));
    expect(await screen.findByText(/\$770\.00 をお客様のカードに返金し、在庫を戻します。/)).toBeTruthy();
  });
});
