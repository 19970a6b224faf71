import type { Quote } from '@kanna/shared/quotes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSession, resetSession } from '../../../lib/session';
import { json, renderPage, userRecord } from '../../../test/pages';
import { QuotePage } from './quote-page';

const ID = '00000000-0000-4000-8000-000000000071';
const ORDER = '00000000-0000-4000-8000-000000000099';
const quote: Quote = {
  _id: ID,
  number: 'QT-2026-000007',
  requestId: null,
  buyerName: 'Mori Aiko',
  buyerEmail: 'aiko@example.jp',
  currency: 'USD',
  lines: [
    {
      toolId: '00000000-0000-4000-8000-0000000000aa',
      productName: 'Hira Kanna 70',
      productNameJa: '平鉋70',
      quantity: 4,
      unitPrice: 7_250,
      listPrice: 10_000,
    },
  ],
  goodsTotal: 29_000,
  shippingPrice: 1_200,
  validUntil: '2026-12-20T09:00:00.000Z',
  note: 'Valid for the spring order.',
  holdsStock: true,
  state: 'open',
  orderId: null,
  createdAt: '2026-12-07T09:00:00.000Z',
  createdBy: 'Quote Desk',
};

type Sent = { url: string; method: string; body: unknown };

/** The API as the page reads it: the session (the buyer, or `role`), the quote, the profile, the settings. */
function api(over: { role?: 'admin'; quote?: Quote; answer?: (url: string) => Response | null } = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ url, method, body: JSON.parse(String(init?.body ?? 'null')) });
    const answered = over.answer?.(url);
    if (answered) return answered;
    if (url === '/api/auth/get-session')
      return Response.json({
        user: over.role
          ? { id: 'a1', email: 'desk@kanna.example', name: 'Desk', role: 'admin' }
          : { id: 'u1', email: 'aiko@example.jp', name: 'Mori Aiko' },
      });
    if (url === `/api/quotes/${ID}`) return json(200, over.quote ?? quote);
    if (url.startsWith('/api/users/'))
      return json(
        200,
        userRecord({
          email: 'aiko@example.jp',
          phone: '0312345678',
          streetAddress: '1-1 Ginza',
          country: 'JP',
        }),
      );
    if (url === '/api/companies/mine') return json(404, { statusCode: 404, message: 'No company' });
    return json(404, { statusCode: 404, message: 'Not found' });
  });
  return sent;
}

const show = async (language: 'en' | 'ja' = 'en') => {
  await refreshSession();
  renderPage(
    <Routes>
      <Route path="/dashboard/quotes/:id" element={<QuotePage />} />
    </Routes>,
    `/dashboard/quotes/${ID}`,
    language,
  );
  return screen.findByRole('heading', { level: 1 });
};

beforeEach(() => resetSession());
afterEach(() => vi.unstubAllGlobals());

describe('QuotePage', () => {
  it('shows the lines at the quoted prices, the totals before tax, valid until and the PDF', async () => {
    api();
    expect((await show()).textContent).toBe('Quote QT-2026-000007');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Hira Kanna 70');
    expect(rows[1]?.textContent).toContain('$72.50');
    expect(rows[1]?.textContent).toContain('$290.00');
    expect(screen.getByText('Total before tax').nextElementSibling?.textContent).toBe('$302.00');
    expect(screen.getByText('The stock is held for you until then.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the quote (PDF)' }).getAttribute('href')).toBe(
      '/api/documents/QT-2026-000007.pdf',
    );
  });

  /** The quote in yen: whole-yen prices and shipping. */
  const inYen: Quote = {
    ...quote,
    currency: 'JPY',
    lines: [
      { ...(quote.lines[0] as Quote['lines'][number]), quantity: 3, unitPrice: 1_333, listPrice: 14_800 },
    ],
    goodsTotal: 3_999,
    shippingPrice: 505,
  };

  it('shows a quote in yen in yen, whole: each line, the goods, shipping and total', async () => {
    api({ quote: inYen });
    await show();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('Hira Kanna 703¥1,333¥3,999');
    expect(screen.getByText('Goods').nextElementSibling?.textContent).toBe('¥3,999');
    expect(screen.getByText('Shipping').nextElementSibling?.textContent).toBe('¥505');
    expect(screen.getByText('Total before tax').nextElementSibling?.textContent).toBe('¥4,504');
    expect(document.body.textContent).not.toContain('$');
  });

  it('shows a quote in yen to a Japanese reader in yen, the tool by its Japanese name', async () => {
    api({ quote: inYen });
    await show('ja');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('平鉋703¥1,333¥3,999');
    expect(screen.getByText('合計（税抜）').nextElementSibling?.textContent).toBe('¥4,504');
    expect(document.body.textContent).not.toContain('$');
  });

  it('accepts with the profile’s phone and address, and links the order placed', async () => {
    const sent = api({
      answer: (url) => (url === `/api/quotes/${ID}/accept` ? json(201, { _id: ORDER }) : null),
    });
    await show();
    await waitFor(() =>
      expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('0312345678'),
    );
    fireEvent.change(screen.getByLabelText('Your PO number (optional)'), { target: { value: 'PO-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and place the order' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Accepted: your order is placed.');
    expect(within(done).getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe(
      `/dashboard/myOrders/${ORDER}`,
    );
    expect(sent).toEqual([
      {
        url: `/api/quotes/${ID}/accept`,
        method: 'POST',
        body: {
          paymentMethod: 'card',
          phone: '0312345678',
          address: '1-1 Ginza',
          country: 'JP',
          poNumber: 'PO-1',
        },
      },
    ]);
  });

  it('says why accepting is refused, in the reader’s language', async () => {
    api({
      answer: (url) =>
        url === `/api/quotes/${ID}/accept`
          ? json(409, {
              statusCode: 409,
              code: 'conflict',
              key: 'quoteExpired',
              params: [],
              message: 'この見積書は有効期限が切れています。改めて見積もりをご依頼ください。',
            })
          : null,
    });
    await show('ja');
    fireEvent.click(await screen.findByRole('button', { name: '承諾して注文する' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この見積書は有効期限が切れています。改めて見積もりをご依頼ください。',
    );
  });

  it('declines only once the buyer says so a second time', async () => {
    const sent = api({
      answer: (url) =>
        url === `/api/quotes/${ID}/decline` ? json(200, { _id: ID, state: 'declined' }) : null,
    });
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual([`/api/quotes/${ID}/decline`]));
  });

  it('offers the shop Withdraw, not Accept', async () => {
    const sent = api({
      role: 'admin',
      answer: (url) =>
        url === `/api/quotes/${ID}/withdraw` ? json(200, { _id: ID, state: 'withdrawn' }) : null,
    });
    await show();
    expect(screen.queryByRole('button', { name: 'Accept and place the order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the quote' }));
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual([`/api/quotes/${ID}/withdraw`]));
  });
});
