import type { QuoteRequest } from '@kanna/shared/quotes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../test/pages';
import { QuoteRequestCard } from './quote-request-card';

const request: QuoteRequest = {
  _id: '00000000-0000-4000-8000-000000000002',
  buyerName: 'Hanako Sato',
  buyerEmail: 'hanako@example.jp',
  createdAt: '2026-11-20T09:30:00.000Z',
  note: null,
  status: 'open',
  quote: null,
  orderCurrency: 'USD',
  lines: [
    {
      toolId: '00000000-0000-4000-8000-0000000000aa',
      productName: 'Hira Kanna 70',
      productNameJa: '平鉋70',
      quantity: 12,
      listPrice: 12_345,
      currency: 'USD',
      listPriceYen: 18_520,
    },
  ],
};

type Sent = { url: string; body: Record<string, unknown> };

function stubPost(answer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }
    return json(404, { statusCode: 404, message: 'Not found' });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('Answer with a quote (the inbox)', () => {
  it('starts each unit price at the list price shown beside it, and sends the quote that holds stock', async () => {
    const sent = stubPost(() =>
      json(201, { _id: '00000000-0000-4000-8000-000000000071', number: 'QT-2026-000007' }),
    );
    renderPage(<QuoteRequestCard request={request} />, '/dashboard/quote-requests');
    fireEvent.click(screen.getByRole('button', { name: 'Answer with a quote' }));
    // The buyer's orders are charged in dollars: the quote starts in dollars.
    expect((screen.getByRole('radio', { name: 'Dollars ($)' }) as HTMLInputElement).checked).toBe(true);
    const price = screen.getByLabelText('Unit price for Hira Kanna 70 (dollars)') as HTMLInputElement;
    expect(price.value).toBe('123.45');
    expect(screen.getByText(/List price \(each\) \$123\.45/)).toBeTruthy();
    fireEvent.change(price, { target: { value: '99.5' } });
    fireEvent.change(screen.getByLabelText('Shipping (dollars; empty: our rates when accepted)'), {
      target: { value: '20' },
    });
    fireEvent.change(screen.getByLabelText('Note for the buyer (optional)'), {
      target: { value: 'Spring order' },
    });
    fireEvent.click(screen.getByLabelText(/Hold stock until it expires/));
    fireEvent.click(screen.getByRole('button', { name: 'Send the quote' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Quote QT-2026-000007 is sent to the buyer.');
    expect(screen.getByRole('link', { name: 'Open quote QT-2026-000007' }).getAttribute('href')).toBe(
      '/dashboard/quotes/00000000-0000-4000-8000-000000000071',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/quotes');
    expect(sent[0]?.body).toEqual({
      requestId: request._id,
      buyerEmail: 'hanako@example.jp',
      currency: 'USD',
      lines: [{ toolId: '00000000-0000-4000-8000-0000000000aa', quantity: 12, unitPrice: 99.5 }],
      shippingPrice: 20,
      validUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
      holdsStock: true,
      note: 'Spring order',
    });
  });

  it('says a refusal at its field', async () => {
    stubPost(() =>
      json(409, {
        statusCode: 409,
        code: 'conflict',
        key: 'quoteNotInStock',
        params: ['Hira Kanna 70', 5],
        message: 'Only 5 of Hira Kanna 70 are in stock: a quote that holds stock cannot hold more.',
        errors: [
          {
            path: 'lines.0.unitPrice',
            message: 'Enter a unit price above zero, with at most two decimals.',
          },
        ],
      }),
    );
    renderPage(<QuoteRequestCard request={request} />, '/dashboard/quote-requests');
    fireEvent.click(screen.getByRole('button', { name: 'Answer with a quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the quote' }));
    await waitFor(() =>
      expect(screen.getByText('Enter a unit price above zero, with at most two decimals.')).toBeTruthy(),
    );
    const price = screen.getByLabelText('Unit price for Hira Kanna 70 (dollars)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
  });

  it('starts in yen for a buyer charged in yen: whole-yen prices, the yen list price beside, decimals refused before sending', async () => {
    const sent = stubPost(() =>
      json(201, { _id: '00000000-0000-4000-8000-000000000072', number: 'QT-2026-000008' }),
    );
    renderPage(
      <QuoteRequestCard request={{ ...request, orderCurrency: 'JPY' }} />,
      '/dashboard/quote-requests',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Answer with a quote' }));
    expect((screen.getByRole('radio', { name: 'Yen (¥)' }) as HTMLInputElement).checked).toBe(true);
    const price = screen.getByLabelText('Unit price for Hira Kanna 70 (yen)') as HTMLInputElement;
    expect(price.value).toBe('18520');
    expect(price.getAttribute('step')).toBe('1');
    expect(screen.getByText(/List price \(each\) ¥18,520/)).toBeTruthy();

    fireEvent.change(price, { target: { value: '15000.5' } });
    fireEvent.change(screen.getByLabelText('Shipping (yen; empty: our rates when accepted)'), {
      target: { value: '1200.25' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText('Enter a unit price above zero, in whole yen.')).toBeTruthy();
    expect(screen.getByText('Enter a shipping price of zero or more, in whole yen.')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    fireEvent.change(price, { target: { value: '15000' } });
    // Corrected, the field no longer says what was wrong; the other still does.
    expect(screen.queryByText('Enter a unit price above zero, in whole yen.')).toBeNull();
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Enter a shipping price of zero or more, in whole yen.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shipping (yen; empty: our rates when accepted)'), {
      target: { value: '1200' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the quote' }));
    await screen.findByRole('status');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      currency: 'JPY',
      lines: [{ toolId: '00000000-0000-4000-8000-0000000000aa', quantity: 12, unitPrice: 15000 }],
      shippingPrice: 1200,
    });
  });

  it('quotes in dollars when chosen, each currency keeping its own prices; in Japanese it says yen', async () => {
    renderPage(
      <QuoteRequestCard request={{ ...request, orderCurrency: 'JPY' }} />,
      '/dashboard/quote-requests',
      'ja',
    );
    fireEvent.click(screen.getByRole('button', { name: '見積書で回答' }));
    const yen = screen.getByLabelText('平鉋70 の単価（円）') as HTMLInputElement;
    expect(yen.value).toBe('18520');
    fireEvent.change(yen, { target: { value: '17000' } });
    fireEvent.click(screen.getByRole('radio', { name: '米ドル（$）' }));
    const dollars = screen.getByLabelText('平鉋70 の単価（米ドル）') as HTMLInputElement;
    expect(dollars.value).toBe('123.45');
    expect(dollars.getAttribute('step')).toBe('0.01');
    fireEvent.click(screen.getByRole('radio', { name: '円（¥）' }));
    expect((screen.getByLabelText('平鉋70 の単価（円）') as HTMLInputElement).value).toBe('17000');
  });

  it('offers no yen where the shop prices in none', async () => {
    const dollarShop = { ...request, orderCurrency: 'USD' as const };
    dollarShop.lines = request.lines.map((l) => ({ ...l, listPriceYen: null }));
    renderPage(<QuoteRequestCard request={dollarShop} />, '/dashboard/quote-requests');
    fireEvent.click(screen.getByRole('button', { name: 'Answer with a quote' }));
    expect(screen.queryByRole('radio', { name: 'Yen (¥)' })).toBeNull();
    expect(screen.getByLabelText('Unit price for Hira Kanna 70 (dollars)')).toBeTruthy();
  });
});
