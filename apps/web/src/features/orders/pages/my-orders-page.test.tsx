import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { json, order, publicSettings, renderAt, stubApi, tool } from '../test-utils';
import { MyOrdersPage } from './my-orders-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));
vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  clearSession: vi.fn(),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'taro@example.com', name: 'Taro Yamada', image: null, role: 'user' },
  }),
}));

const unpaid = order();
const paid = order({
  _id: '2c8e7bce-ccfe-4c3e-8c6e-bc9eaccecfde',
  productName: 'Genno Hammer 375 g',
  status: 'paid',
  paid: true,
  transactionId: 'pi_test_0123456789abcdef',
  paidAt: '2025-05-02T09:00:00.000Z',
});
const shipped = order({
  _id: '3d9f8cdf-ddaf-4d4f-9d7f-cdaf0dfdd0ef',
  productName: 'Kanna Plane 48 mm',
  status: 'shipped',
  paid: true,
  transactionId: 'pi_test_fedcba9876543210',
  shippedAt: '2025-05-03T09:00:00.000Z',
});

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => vi.unstubAllGlobals());

const rowOf = (product: string) =>
  screen.getByRole('rowheader', { name: product }).closest('tr') as HTMLElement;

describe('MyOrdersPage', () => {
  it('lists the orders in a table: Pay and Cancel while unpaid, Paid with the transaction id after', async () => {
    const calls = stubApi(({ url }) =>
      url === '/api/order/taro%40example.com' ? json(200, [unpaid, paid, shipped]) : undefined,
    );
    renderAt(<MyOrdersPage />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/order/taro%40example.com');

    const first = within(rowOf(unpaid.productName));
    expect(first.getByText('Unpaid')).toBeTruthy();
    expect(first.getByText(/Reserved until/)).toBeTruthy();
    expect(first.getByRole('link', { name: /^Pay/ }).getAttribute('href')).toBe(
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(first.getByRole('button', { name: /^Cancel/ })).toBeTruthy();

    const second = within(rowOf(paid.productName));
    expect(second.getByText('Paid')).toBeTruthy();
    expect(second.getByText('pi_test_0123456789abcdef')).toBeTruthy();
    expect(second.queryByRole('button')).toBeNull();
    expect(second.queryByRole('link')).toBeNull();

    const third = within(rowOf(shipped.productName));
    expect(third.getByText('Shipped')).toBeTruthy();
    expect(third.getByText(/Shipped on/)).toBeTruthy();
    expect(third.queryByRole('button')).toBeNull();
  });

  it('lists orders on account and awaiting approval in their words: Cancel but no Pay nor hold before shipping, nothing after', async () => {
    const accepted = order({
      _id: '5f1baef1-ffc1-4f61-9f91-efcf1ff1f201',
      productName: 'Dozuki Saw 240 mm',
      status: 'on_account',
      paymentMethod: 'account',
      holdUntil: '2025-05-01T09:00:00.000Z',
    });
    const sent = order({
      _id: '6a2cbf02-aad2-4a72-8aa2-fada2aa2a312',
      productName: 'Marking Gauge',
      status: 'account_shipped',
      paymentMethod: 'account',
      shippedAt: '2025-05-03T09:00:00.000Z',
    });
    const waiting = order({
      _id: '7b3cc003-bbe2-4b83-9bb3-abab3bb3b423',
      productName: 'Chisel Set',
      status: 'awaiting_approval',
      holdUntil: '2099-05-01T09:00:00.000Z',
    });
    stubApi(({ method }) => (method === 'GET' ? json(200, [accepted, sent, waiting]) : undefined));
    renderAt(<MyOrdersPage />);
    expect(await screen.findByRole('table')).toBeTruthy();
    const first = within(rowOf(accepted.productName));
    expect(first.getByText('On account')).toBeTruthy();
    expect(first.getByRole('button', { name: /^Cancel/ })).toBeTruthy();
    expect(first.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(first.queryByText(/Reserved until|expired/i)).toBeNull();
    const second = within(rowOf(sent.productName));
    expect(second.getByText('Shipped — on account')).toBeTruthy();
    expect(second.getByText(/Shipped on/)).toBeTruthy();
    expect(second.queryByRole('button')).toBeNull();
    // Above the member's spending limit it waits for the company owner: Cancel, no Pay nor hold.
    const third = within(rowOf(waiting.productName));
    expect(third.getByText('Awaiting approval')).toBeTruthy();
    expect(third.getByText(/waits for your company owner's approval/)).toBeTruthy();
    expect(third.getByRole('button', { name: /^Cancel/ })).toBeTruthy();
    expect(third.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(third.queryByText(/Reserved until/)).toBeNull();
  });

  it('lists a cancelled order, marked cancelled with the day, with no Pay or Cancel (its mail links to it)', async () => {
    const cancelled = order({
      _id: '4e0a9de0-eeb0-4e50-8e80-debe1e0ee1f0',
      productName: 'Kiridashi Knife 21 mm',
      status: 'cancelled',
      cancelledAt: '2025-05-04T09:00:00.000Z',
    });
    stubApi(({ method }) => (method === 'GET' ? json(200, [cancelled, paid]) : undefined));
    renderAt(<MyOrdersPage />);
    const row = within(
      await screen
        .findByRole('rowheader', { name: cancelled.productName })
        .then((h) => h.closest('tr') as HTMLElement),
    );
    expect(row.getByText('Cancelled')).toBeTruthy();
    expect(row.getByText(/^Cancelled on/)).toBeTruthy();
    expect(row.queryByRole('button')).toBeNull();
    expect(row.queryByRole('link')).toBeNull();
  });

  it('asks before cancelling; Keep order keeps it', async () => {
    const calls = stubApi(({ method }) => (method === 'GET' ? json(200, [unpaid]) : undefined));
    renderAt(<MyOrdersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel order K-000123?' });
    expect(within(dialog).getByText(/20 × Oire Nomi Bench Chisel 24 mm, \$770/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel order' })).toBeTruthy();
    const keep = within(dialog).getByRole('button', { name: 'Keep order' });
    expect(document.activeElement).toBe(keep);

    fireEvent.click(keep);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('names the order it cancels by its number, in Japanese too', async () => {
    stubApi(({ method }) => (method === 'GET' ? json(200, [unpaid]) : undefined));
    renderAt(
      <LanguageContext.Provider value="ja">
        <MyOrdersPage />
      </LanguageContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^キャンセル/ }));
    expect(screen.getByRole('dialog', { name: 'ご注文 K-000123 をキャンセルしますか？' })).toBeTruthy();
  });

  it('cancels after Yes, cancel order: DELETE, toast, and the list is read again', async () => {
    let orders = [unpaid, paid];
    const calls = stubApi(({ method, url }) => {
      if (method === 'GET') return json(200, orders);
      if (method === 'DELETE' && url === `/api/order/${unpaid._id}`) {
        orders = [paid];
        return json(200, { acknowledged: true, deletedCount: 1 });
      }
      return undefined;
    });
    renderAt(<MyOrdersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Cancel successfully'));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: unpaid.productName })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list twice (the shop's settings, for its time zone, are another read).
    expect(calls.filter((c) => c.method === 'GET' && c.url !== '/api/settings')).toHaveLength(2);
  });

  it("keeps the dialog open with the server's reason when cancelling is refused", async () => {
    stubApi(({ method }) =>
      method === 'GET'
        ? json(200, [unpaid])
        : json(409, { statusCode: 409, error: 'Conflict', message: 'a paid order cannot be cancelled' }),
    );
    renderAt(<MyOrdersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('a paid order cannot be cancelled');
    expect(notify).not.toHaveBeenCalled();
  });

  it('links each order to its own page by its number', async () => {
    stubApi(() => json(200, [unpaid, { ...paid, number: 'K-000124' }]));
    renderAt(<MyOrdersPage />);
    const link = await screen.findByRole('link', { name: 'Order K-000124' });
    expect(link.getAttribute('href')).toBe(`/dashboard/myOrders/${paid._id}`);
    expect(screen.getByRole('link', { name: 'Order K-000123' }).getAttribute('href')).toBe(
      `/dashboard/myOrders/${unpaid._id}`,
    );
  });

  it('offers the catalogue when there are no orders yet', async () => {
    stubApi(() => json(200, []));
    renderAt(<MyOrdersPage />);
    expect(await screen.findByText(/You have no orders yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse our tools' }).getAttribute('href')).toBe('/allProduct');
  });

  it('ends the session when the server refuses the list (spec §4: 401 or 403)', async () => {
    stubApi(() => json(403, { statusCode: 403, error: 'Forbidden', message: 'Not allowed.' }));
    renderAt(<MyOrdersPage />);
    expect(await screen.findByText('Not allowed.')).toBeTruthy();
    expect(clearSession).toHaveBeenCalledWith('expired');
  });

  it('marks an order paid with a test card, so nobody takes it for money received', async () => {
    const testPaid = order({ ...paid, testPayment: true });
    stubApi(({ url }) =>
      url === '/api/order/taro%40example.com' ? json(200, [testPaid, shipped]) : undefined,
    );
    renderAt(<MyOrdersPage />);
    await screen.findByRole('table');
    expect(within(rowOf(paid.productName)).getByText('Test payment')).toBeTruthy();
    expect(within(rowOf(shipped.productName)).queryByText('Test payment')).toBeNull();
  });
});

describe('MyOrdersPage, trade orders', () => {
  const other = {
    toolId: '7e3f1a2b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    productName: 'Genno Hammer 375 g',
    quantity: 12,
    perPrice: 20,
    totalPrice: 240,
  };
  const trade = order({
    _id: '4e0a9d1f-eeb0-4e50-ae80-deb01eee01f0',
    status: 'paid',
    paid: true,
    totalPrice: 1010,
    lines: [...order().lines, other],
  });

  it('lists the lines of a trade order and loads more pages with the cursor', async () => {
    const calls = stubApi(({ url }) => {
      if (url === '/api/order/taro%40example.com')
        return new Response(JSON.stringify([trade]), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            Link: '</api/order/taro%40example.com?cursor=abc>; rel="next"',
          },
        });
      if (url === '/api/order/taro%40example.com?cursor=abc') return json(200, [shipped]);
      return undefined;
    });
    renderAt(<MyOrdersPage />);
    const title = `${unpaid.productName} and 1 more tool`;
    expect(await screen.findByRole('rowheader', { name: title })).toBeTruthy();
    const lines = screen.getByRole('list', { name: `Lines of the order for ${title}` });
    expect(within(lines).getByText(/12 × Genno Hammer 375 g at \$20/)).toBeTruthy();
    expect(within(rowOf(title)).getByText('32')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: shipped.productName })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: title })).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/order/taro%40example.com',
      '/api/order/taro%40example.com?cursor=abc',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("orders again: today's tools go in the cart, a sold-out or removed one is skipped and named", async () => {
    localStorage.clear();
    const { connectCart, getCartSnapshot, resetCart } = await import('../../../lib/cart');
    resetCart();
    connectCart({ status: 'signed-out', user: null });
    stubApi(({ url }) => {
      if (url === '/api/order/taro%40example.com') return json(200, [trade]);
      if (url === `/api/handTools/${tool._id}`) return json(200, { ...tool, maxQuantity: 500 });
      if (url === `/api/handTools/${other.toolId}`)
        return json(404, { statusCode: 404, error: 'Not Found', message: 'This tool was not found.' });
      return undefined;
    });
    renderAt(<MyOrdersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Order again/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(getCartSnapshot().items).toEqual([{ toolId: tool._id, quantity: 20 }]);
    expect(notify).toHaveBeenCalledWith('success', 'Added to your cart');
    expect(notify).toHaveBeenCalledWith(
      'warning',
      'Not added (sold out or no longer for sale): Genno Hammer 375 g',
    );
  });
});

describe('MyOrdersPage in Japanese', () => {
  it('lists the orders in Japanese, each time in the shop’s zone', async () => {
    const trade = order({
      _id: '4e0a9d0e-eeb0-4e5a-8e8a-deb0e1aee1f0',
      lines: [
        { toolId: tool._id, productName: tool.productName, quantity: 20, perPrice: 38.5, totalPrice: 770 },
        {
          toolId: '5f1b0e1f-ffc1-4f6b-9f9b-efc1f2bff2a1',
          productName: 'Genno',
          quantity: 6,
          perPrice: 20,
          totalPrice: 120,
        },
      ],
      holdUntil: '2099-01-08T00:00:00.000Z',
    });
    stubApi(({ url }) => {
      if (url === '/api/order/taro%40example.com') return json(200, [trade, paid]);
      if (url === '/api/settings') return json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' });
      return undefined;
    });
    renderAt(
      <LanguageContext value="ja">
        <MyOrdersPage />
      </LanguageContext>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '注文履歴' })).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: '在庫の確保／お支払い' })).toBeTruthy();
    const title = `${tool.productName} ほか1点`;
    const first = within(rowOf(title));
    expect(first.getByText('未払い')).toBeTruthy();
    // The element whose whole text, its time inside, says it.
    const saying = (text: string) => (_: string, element: Element | null) =>
      element?.tagName === 'SPAN' && element.textContent === text;
    await waitFor(() => expect(first.getByText(saying('2099年1月8日 9:00まで確保'))).toBeTruthy());
    expect(first.getByRole('link', { name: /^支払う/ }).textContent).toBe(`支払う（${title}）`);
    expect(first.getByRole('button', { name: /^キャンセル/ }).textContent).toBe(
      `キャンセル（${title}のご注文）`,
    );
    const lines = screen.getByRole('list', { name: `${title}のご注文の明細` });
    expect(lines.textContent).toContain('Genno 6個 × $20 ＝');
    expect(screen.getByRole('button', { name: `もう一度注文：${title}` })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '注文 K-000123' })).toHaveLength(2);
    // Paid at 09:00 UTC: 18:00 in Tokyo.
    expect(within(rowOf(paid.productName)).getByText(saying('2025年5月2日 18:00にお支払い'))).toBeTruthy();
  });
});

describe('MyOrdersPage names', () => {
  it('names each tool in Japanese, as it was ordered, for a Japanese reader; in English otherwise', async () => {
    const ordered = order({
      productName: 'Smoothing plane 70 mm',
      productNameJa: '平鉋 寸八',
      lines: [
        {
          toolId: unpaid.toolId,
          productName: 'Smoothing plane 70 mm',
          productNameJa: '平鉋 寸八',
          quantity: 1,
          perPrice: 84.5,
          totalPrice: 84.5,
        },
        {
          toolId: '5e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
          productName: 'Ryoba saw 270 mm',
          productNameJa: '両刃鋸 二七〇',
          quantity: 2,
          perPrice: 25.99,
          totalPrice: 51.98,
        },
      ],
    });
    stubApi(({ url }) => (url === '/api/order/taro%40example.com' ? json(200, [ordered]) : undefined));
    const { unmount } = renderAt(
      <LanguageContext value="ja">
        <MyOrdersPage />
      </LanguageContext>,
    );
    const lines = await screen.findByRole('list', { name: '平鉋 寸八 ほか1点のご注文の明細' });
    expect(lines.textContent).toContain('両刃鋸 二七〇');
    expect(lines.textContent).not.toContain('Ryoba');
    unmount();
    renderAt(<MyOrdersPage />);
    expect(await screen.findByRole('rowheader', { name: /^Smoothing plane 70 mm/ })).toBeTruthy();
    expect(screen.queryByText(/両刃鋸/)).toBeNull();
  });
});
