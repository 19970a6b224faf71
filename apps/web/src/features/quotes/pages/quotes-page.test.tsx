import type { Quote, QuoteRequest } from '@kanna/shared/quotes';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSession, resetSession } from '../../../lib/session';
import { json, renderPage } from '../../../test/pages';
import { QuotesPage } from './quotes-page';

const quote: Quote = {
  _id: '00000000-0000-4000-8000-000000000071',
  number: 'QT-2026-000007',
  requestId: null,
  buyerName: 'Mori Aiko',
  buyerEmail: 'aiko@example.jp',
  currency: 'USD',
  lines: [
    {
      toolId: '00000000-0000-4000-8000-0000000000aa',
      productName: 'Hira Kanna 70',
      productNameJa: null,
      quantity: 4,
      unitPrice: 7_250,
      listPrice: 10_000,
    },
  ],
  goodsTotal: 29_000,
  shippingPrice: 1_200,
  validUntil: '2026-12-20T09:00:00.000Z',
  note: null,
  holdsStock: false,
  state: 'expired',
  orderId: null,
  createdAt: '2026-12-07T09:00:00.000Z',
  createdBy: 'Quote Desk',
};
const request: QuoteRequest = {
  _id: '00000000-0000-4000-8000-000000000002',
  buyerName: 'Mori Aiko',
  buyerEmail: 'aiko@example.jp',
  createdAt: '2026-12-01T09:30:00.000Z',
  note: 'For the spring',
  status: 'open',
  quote: null,
  orderCurrency: 'JPY',
  lines: [],
};

function api(role: 'user' | 'admin', quotes: Quote[] = [quote]) {
  const reads: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    reads.push(url);
    if (url === '/api/auth/get-session')
      return Response.json({ user: { id: 'u1', email: 'aiko@example.jp', name: 'Mori Aiko', role } });
    if (url === '/api/quotes') return json(200, quotes);
    if (url === '/api/quote-requests/mine') return json(200, [request]);
    return json(404, { statusCode: 404, message: 'Not found' });
  });
  return reads;
}

beforeEach(() => resetSession());
afterEach(() => vi.unstubAllGlobals());

describe('QuotesPage', () => {
  it('lists a buyer’s quotes, each with its state, amount, valid until and page, and their requests below', async () => {
    const reads = api('user');
    await refreshSession();
    renderPage(<QuotesPage />, '/dashboard/quotes');
    const card = await screen.findByRole('article', { name: 'Quote QT-2026-000007' });
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).getByText('$302.00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open quote QT-2026-000007' }).getAttribute('href')).toBe(
      '/dashboard/quotes/00000000-0000-4000-8000-000000000071',
    );
    const requests = await screen.findByRole('list', { name: 'Your requests for a quote, newest first' });
    expect(within(requests).getByText('For the spring')).toBeTruthy();
    // The buyer's own request is only shown: no reply link to themselves, no answer.
    expect(within(requests).queryByRole('button', { name: 'Answer with a quote' })).toBeNull();
    expect(reads).toContain('/api/quote-requests/mine');
  });

  it('says a quote in yen in yen, whole, in English and in Japanese', async () => {
    const inYen: Quote = { ...quote, currency: 'JPY', goodsTotal: 3_999, shippingPrice: 505 };
    api('user', [inYen]);
    await refreshSession();
    const shown = renderPage(<QuotesPage />, '/dashboard/quotes');
    const card = await screen.findByRole('article', { name: 'Quote QT-2026-000007' });
    expect(within(card).getByText('¥4,504')).toBeTruthy();
    expect(card.textContent).not.toContain('$');
    shown.unmount();
    renderPage(<QuotesPage />, '/dashboard/quotes', 'ja');
    const cardJa = await screen.findByRole('article', { name: /QT-2026-000007/ });
    expect(within(cardJa).getByText('¥4,504')).toBeTruthy();
    expect(cardJa.textContent).not.toContain('$');
  });

  it('lists every quote for an admin, naming the buyer, and no requests of their own', async () => {
    const reads = api('admin');
    await refreshSession();
    renderPage(<QuotesPage />, '/dashboard/quotes');
    const card = await screen.findByRole('article', { name: 'Quote QT-2026-000007' });
    expect(within(card).getByText('Mori Aiko (aiko@example.jp)')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your requests for a quote' })).toBeNull();
    expect(reads).not.toContain('/api/quote-requests/mine');
  });
});
