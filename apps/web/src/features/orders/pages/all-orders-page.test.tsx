import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { json, order, publicSettings, renderAt, stubApi } from '../test-utils';
import { AllOrdersPage } from './all-orders-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

const unpaid = order({ name: 'Hanako Sato', email: 'hanako@example.com' });
const pending = order({
  _id: '2c8e7bce-ccfe-4c3e-8c6e-bc9eaccecfde',
  productName: 'Genno Hammer 375 g',
  status: 'paid',
  paid: true,
  transactionId: 'pi_test_1',
});

afterEach(() => vi.unstubAllGlobals());

describe('AllOrdersPage (admin)', () => {
  it('shows customer, product, quantity, total and unpaid versus Pending', async () => {
    stubApi(({ url }) => (url === '/api/order' ? json(200, [unpaid, pending]) : undefined));
    renderAt(<AllOrdersPage />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByRole('rowheader').textContent).toBe('Hanako Satohanako@example.com');
    expect(first.getByText('unpaid')).toBeTruthy();
    expect(first.getByText('$770')).toBeTruthy();
    expect(first.queryByRole('button')).toBeNull();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('Pending')).toBeTruthy();
    expect(second.getByRole('button', { name: /^Mark shipped/ })).toBeTruthy();
  });

  it('shows each order by its number', async () => {
    stubApi(({ url }) =>
      url === '/api/order' ? json(200, [unpaid, { ...pending, number: 'K-000124' }]) : undefined,
    );
    renderAt(<AllOrdersPage />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('K-000123')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('K-000124')).toBeTruthy();
  });

  it("links each order's number to its page, and keeps the row's button", async () => {
    stubApi(({ url }) => (url === '/api/order' ? json(200, [unpaid, pending]) : undefined));
    renderAt(<AllOrdersPage />);
    const rows = await screen.findAllByRole('row');
    const second = within(rows[2] as HTMLElement);
    expect(second.getByRole('link', { name: 'Order K-000123' }).getAttribute('href')).toBe(
      `/dashboard/orders/${pending._id}`,
    );
    expect(second.getByRole('button', { name: /^Mark shipped/ })).toBeTruthy();
  });

  it('offers to enter an order taken by phone or fax', async () => {
    stubApi(({ url }) => (url === '/api/order' ? json(200, [unpaid]) : undefined));
    renderAt(<AllOrdersPage />);
    await screen.findAllByRole('row');
    expect(screen.getByRole('link', { name: 'Enter an order' }).getAttribute('href')).toBe(
      '/dashboard/orders/new',
    );
  });

  it('filters by state through the API', async () => {
    const calls = stubApi(({ url }) =>
      url === '/api/order'
        ? json(200, [unpaid, pending])
        : url === '/api/order?status=paid'
          ? json(200, [pending])
          : undefined,
    );
    renderAt(<AllOrdersPage />);
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'paid' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.map((c) => c.url)).toEqual(['/api/order', '/api/order?status=paid']);
  });

  it('marks a Pending order shipped after a confirmation that says the buyer is mailed, and says so', async () => {
    let list = [pending];
    const calls = stubApi(({ url, method }) => {
      if (method === 'GET') return json(200, list);
      if (method === 'PATCH' && url === `/api/order/${pending._id}/ship`) {
        list = [{ ...pending, status: 'shipped' }];
        return json(200, list[0]);
      }
      return undefined;
    });
    renderAt(<AllOrdersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Mark shipped/ }));
    const dialog = await screen.findByRole('dialog', { name: `Ship order ${pending.number}?` });
    expect(dialog.textContent).toContain(`${pending.name} is e-mailed`);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark shipped' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Marked as shipped'));
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Shipped')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Mark shipped/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});

const page = (body: unknown, next?: string) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      ...(next ? { Link: `</api/order?cursor=${next}>; rel="next"` } : {}),
    },
  });

describe('AllOrdersPage filters and paging', () => {
  it('reads the filters from the address and asks the API for them, days in local time', async () => {
    // The shop's settings (its time zone) are answered by stubApi itself.
    const calls = stubApi(({ url }) => (url.startsWith('/api/order') ? json(200, [pending]) : undefined));
    renderAt(<AllOrdersPage />, { path: '/?status=paid&q=Genno&from=2026-11-01&to=2026-11-24&limit=10' });
    await screen.findAllByRole('row');
    const from = new Date(2026, 10, 1).toISOString();
    const to = new Date(new Date(2026, 10, 25).getTime() - 1).toISOString();
    expect(calls.map((c) => decodeURIComponent(c.url))).toEqual([
      `/api/order?status=paid&q=Genno&from=${from}&to=${to}&limit=10`,
    ]);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Genno');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-24');
    const exportLink = screen.getByRole('link', { name: /Export CSV/ });
    expect(decodeURIComponent(exportLink.getAttribute('href') ?? '')).toBe(
      `/api/order/export.csv?status=paid&q=Genno&from=${from}&to=${to}`,
    );
  });

  it('follows the search box after a pause and says when no order matches', async () => {
    const calls = stubApi(({ url }) =>
      url.startsWith('/api/order') ? (url.includes('q=') ? json(200, []) : json(200, [unpaid])) : undefined,
    );
    renderAt(<AllOrdersPage />);
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody@example.com' } });
    // The list follows after a pause in typing; a busy machine may take a while.
    expect(await screen.findByText('No order matches these filters.', {}, { timeout: 3000 })).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/order', '/api/order?q=nobody%40example.com']);
    fireEvent.click(screen.getByRole('button', { name: 'Show every order' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  });

  it('a new state takes the search typed just before it along: one request, none after the pause', async () => {
    const calls = stubApi(({ url }) =>
      url.startsWith('/api/order')
        ? url.includes('q=')
          ? json(200, [pending])
          : json(200, [unpaid, pending])
        : undefined,
    );
    renderAt(<AllOrdersPage />);
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Genno' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'paid' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    // Longer than the search box's pause: nothing more is asked for.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.map((c) => c.url)).toEqual(['/api/order', '/api/order?status=paid&q=Genno']);
  });

  it('loads the next page with the cursor and keeps the rows already shown', async () => {
    const calls = stubApi(({ url }) =>
      url === '/api/order'
        ? page([unpaid], 'abc')
        : url === '/api/order?cursor=abc'
          ? page([pending])
          : undefined,
    );
    renderAt(<AllOrdersPage />);
    await screen.findAllByRole('row');
    fireEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(calls.map((c) => c.url)).toEqual(['/api/order', '/api/order?cursor=abc']);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
    expect(screen.getByText('2 orders shown.')).toBeTruthy();
    // Focus moves to the first order that arrived.
    expect(document.activeElement).toBe(screen.getAllByRole('row')[2]);
  });

  it('says how many orders match, exactly up to the cap and "1,000+" past it, in both languages', async () => {
    const counted = (body: unknown, matching: string) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Matching-Count': matching },
      });
    stubApi(({ url }) => (url === '/api/order' ? counted([unpaid, pending], '37') : undefined));
    const { unmount } = renderAt(<AllOrdersPage />);
    expect(await screen.findByText('37 orders in all.')).toBeTruthy();
    expect(screen.getByText('2 orders shown.')).toBeTruthy();
    unmount();

    stubApi(({ url }) => (url === '/api/order?status=paid' ? counted([pending], '1000+') : undefined));
    const again = renderAt(<AllOrdersPage />, { path: '/?status=paid' });
    expect(
      await screen.findByText('More than 1,000 orders match the filters (they are counted up to 1,000).'),
    ).toBeTruthy();
    again.unmount();

    stubApi(({ url }) => (url === '/api/order?status=paid' ? counted([pending], '1000+') : undefined));
    renderAt(
      <LanguageContext.Provider value="ja">
        <AllOrdersPage />
      </LanguageContext.Provider>,
      { path: '/?status=paid' },
    );
    expect(
      await screen.findByText('絞り込みに一致する注文は1,000件を超えています（1,000件まで数えています）。'),
    ).toBeTruthy();
  });

  it('lists every line of a trade order', async () => {
    const trade = order({
      lines: [
        {
          toolId: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40',
          productName: 'Oire Nomi',
          quantity: 20,
          perPrice: 38.5,
          totalPrice: 770,
        },
        {
          toolId: '0d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d41',
          productName: 'Genno Hammer',
          quantity: 5,
          perPrice: 10,
          totalPrice: 50,
        },
      ],
      totalPrice: 820,
    });
    stubApi(() => json(200, [trade]));
    renderAt(<AllOrdersPage />);
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    const lines = within(row)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Oire Nomi × 20', 'Genno Hammer × 5']);
  });
});

describe('AllOrdersPage: the names an order was placed with', () => {
  const line = (toolId: string, en: string, ja: string, quantity: number) => ({
    toolId,
    productName: en,
    productNameJa: ja,
    quantity,
    perPrice: 10,
    totalPrice: 10 * quantity,
  });
  const one = order({
    productName: 'Hira Kanna 48 mm',
    productNameJa: '平鉋 48mm',
    lines: [line('9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40', 'Hira Kanna 48 mm', '平鉋 48mm', 20)],
  });
  const trade = order({
    _id: '2c8e7bce-ccfe-4c3e-8c6e-bc9eaccecfde',
    number: 'K-000124',
    lines: [
      line('9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40', 'Hira Kanna 48 mm', '平鉋 48mm', 20),
      line('0d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d41', 'Ryoba Saw 240 mm', '両刃鋸 240mm', 5),
    ],
  });
  const products = async () =>
    (await screen.findAllByRole('row')).slice(1).map((row) => {
      const cell = row.querySelectorAll('td')[0] as HTMLElement;
      const items = within(cell).queryAllByRole('listitem');
      return items.length ? items.map((li) => li.textContent) : cell.textContent;
    });

  it('names each line in Japanese for a Japanese reader, as it was ordered', async () => {
    stubApi(({ url }) => (url.startsWith('/api/order') ? json(200, [one, trade]) : undefined));
    renderAt(
      <LanguageContext value="ja">
        <AllOrdersPage />
      </LanguageContext>,
    );
    expect(await products()).toEqual(['平鉋 48mm', ['平鉋 48mm × 20', '両刃鋸 240mm × 5']]);
  });

  it('names them in English for an English reader', async () => {
    stubApi(({ url }) => (url.startsWith('/api/order') ? json(200, [one, trade]) : undefined));
    renderAt(<AllOrdersPage />);
    expect(await products()).toEqual(['Hira Kanna 48 mm', ['Hira Kanna 48 mm × 20', 'Ryoba Saw 240 mm × 5']]);
  });
});

describe('AllOrdersPage in Japanese', () => {
  it('says the list, its headers, states, filters and the ship dialog in Japanese, times in the shop’s zone', async () => {
    const refunded = order({
      _id: '3c8e7bce-ccfe-4c3e-8c6e-bc9eaccecfdf',
      number: 'K-000125',
      status: 'cancelled',
      testPayment: true,
      refundedAt: '2025-05-02T00:00:00.000Z',
    });
    stubApi(({ url }) =>
      url === '/api/settings'
        ? json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' })
        : url.startsWith('/api/order')
          ? json(200, [unpaid, pending, refunded])
          : undefined,
    );
    renderAt(
      <LanguageContext value="ja">
        <AllOrdersPage />
      </LanguageContext>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'すべての注文' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['お客様', '商品', '数量', '合計', '状態', '注文日時', '操作']);
    expect(within(rows[1] as HTMLElement).getByText('未払い')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('発送待ち')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('キャンセル済み')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('テスト決済')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('返金済み')).toBeTruthy();
    // 2025-05-01T00:00Z is 9:00 in Tokyo.
    await waitFor(() => expect(within(rows[1] as HTMLElement).getByText('2025年5月1日 9:00')).toBeTruthy());
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: '注文 K-000123' })).toBeTruthy();
    expect(screen.getByText('3件の注文を表示しています。')).toBeTruthy();
    const state = screen.getByLabelText('状態') as HTMLSelectElement;
    expect([...state.options].map((o) => o.textContent)).toEqual([
      'すべての状態',
      '未払い',
      '発送待ち（支払い済み・要発送）',
      '発送済み',
      'キャンセル済み',
    ]);
    expect(screen.getByRole('link', { name: /^CSV を書き出す.*（すべての注文）$/ })).toBeTruthy();

    fireEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: /^発送済みにする/ }));
    const dialog = within(await screen.findByRole('dialog', { name: '注文 K-000123 を発送しますか？' }));
    expect(dialog.getByLabelText('配送業者')).toBeTruthy();
    // The common carriers, offered by their Japanese names; one click fills the field.
    const common = within(dialog.getByRole('group', { name: 'よく使う業者' }));
    expect(common.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'ヤマト運輸',
      '佐川急便',
      '日本郵便',
    ]);
    fireEvent.click(common.getByRole('button', { name: '佐川急便' }));
    expect((dialog.getByLabelText('配送業者') as HTMLInputElement).value).toBe('佐川急便');
    expect(common.getByRole('button', { name: '佐川急便' }).getAttribute('aria-pressed')).toBe('true');
    expect(dialog.getByLabelText('追跡番号')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'はい、発送済みにする' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'まだ発送しない' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
