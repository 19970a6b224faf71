import type { QuoteRequest } from '@kanna/shared/quotes';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, serverFailure } from '../../../test/pages';
import { QuoteRequestsPage } from './quote-requests-page';

const hanako: QuoteRequest = {
  _id: '00000000-0000-4000-8000-000000000002',
  buyerName: 'Hanako Sato',
  buyerEmail: 'hanako@example.jp',
  createdAt: '2026-11-20T09:30:00.000Z',
  note: 'Delivery to Osaka\nin March',
  status: 'open',
  quote: null,
  orderCurrency: 'USD',
  lines: [
    {
      toolId: '00000000-0000-4000-8000-0000000000aa',
      productName: 'Hira Kanna 70',
      productNameJa: '平鉋70',
      quantity: 1200,
      listPrice: 12_345,
      currency: 'USD',
      listPriceYen: 18_520,
    },
    {
      toolId: null,
      productName: 'Old saw',
      productNameJa: null,
      quantity: 3,
      listPrice: 900,
      currency: 'USD',
      listPriceYen: null,
    },
  ],
};
const taro: QuoteRequest = {
  ...hanako,
  _id: '00000000-0000-4000-8000-000000000001',
  buyerName: 'Taro Yamada',
  buyerEmail: 'taro@example.jp',
  note: null,
  lines: [hanako.lines[0] as QuoteRequest['lines'][number]],
};

/** `request` as the inbox reads it once quote QT-2026-00000`n` answered it: in `status`, the quote `state`. */
const answeredBy = (
  request: QuoteRequest,
  status: QuoteRequest['status'],
  n: number,
  state: NonNullable<QuoteRequest['quote']>['state'],
): QuoteRequest => ({
  ...request,
  status,
  quote: { _id: `00000000-0000-4000-8000-0000000000${70 + n}`, number: `QT-2026-00000${n}`, state },
});

/** The inbox answers with `requests`. */
const answering = (requests: QuoteRequest[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, requests)),
  );

/** The inbox's reads (the shop's settings, read for its time zone, apart). */
const reads = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map((c) => c[0]).filter((url) => url !== '/api/settings');

afterEach(() => vi.unstubAllGlobals());

describe('QuoteRequestsPage', () => {
  it('shows each request: who (a mailto: link), when, the note, and its lines with quantity and list price', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [hanako, taro]));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests');
    const card = await screen.findByRole('article', { name: 'Hanako Sato' });
    expect(reads(fetchMock)).toEqual(['/api/quote-requests']);
    expect(within(card).getByRole('link', { name: 'hanako@example.jp' }).getAttribute('href')).toMatch(
      /^mailto:hanako@example\.jp\?subject=/,
    );
    expect(within(card).getByText('Nov 20, 2026', { exact: false }).tagName).toBe('TIME');
    expect(within(card).getByText(/Delivery to Osaka/).textContent).toBe('Delivery to Osaka\nin March');
    const rows = within(within(card).getByRole('table', { name: 'Tools asked about' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ToolQuantityList price (each)',
      'Hira Kanna 701,200$123.45',
      'Old saw (no longer in the catalogue)3$9.00',
    ]);
    expect(within(screen.getByRole('article', { name: 'Taro Yamada' })).getByText('No note')).toBeTruthy();
    expect(screen.getByText('2 requests for a quote shown.')).toBeTruthy();
  });

  it('shows a yen buyer’s list prices in yen (a tool gone, with no yen price, as asked), in both languages', async () => {
    const yen: QuoteRequest = { ...hanako, orderCurrency: 'JPY' };
    for (const language of ['en', 'ja'] as const) {
      answering([yen]);
      const { unmount } = renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests', language);
      const card = await screen.findByRole('article', { name: 'Hanako Sato' });
      const table = within(card).getByRole('table', {
        name: language === 'en' ? 'Tools asked about' : 'ご依頼の商品',
      });
      const rows = within(table).getAllByRole('row');
      expect(rows.slice(1).map((r) => r.lastElementChild?.textContent)).toEqual(['¥18,520', '$9.00']);
      unmount();
    }
  });

  it('shows a request whose quote was withdrawn open again, to answer; one whose quote was declined closed, with no answer', async () => {
    answering([answeredBy(taro, 'open', 7, 'withdrawn'), answeredBy(hanako, 'closed', 8, 'declined')]);
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests');
    const open = await screen.findByRole('article', { name: 'Taro Yamada' });
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'QT-2026-000007: Withdrawn' }).getAttribute('href')).toBe(
      '/dashboard/quotes/00000000-0000-4000-8000-000000000077',
    );
    expect(within(open).getByText('Its quote was withdrawn: answer it again.')).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Answer with a quote' })).toBeTruthy();

    const done = screen.getByRole('article', { name: 'Hanako Sato' });
    expect(within(done).getByText('Closed')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'QT-2026-000008: Declined' })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Answer with a quote' })).toBeNull();
    expect(within(done).queryByText('Its quote was withdrawn: answer it again.')).toBeNull();
  });

  it('says a request’s state and its quote’s fate in Japanese', async () => {
    answering([answeredBy(taro, 'closed', 8, 'expired')]);
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests', 'ja');
    const card = await screen.findByRole('article', { name: 'Taro Yamada' });
    expect(within(card).getByText('終了')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'QT-2026-000008：期限切れ' })).toBeTruthy();
  });

  it('names the tools in Japanese for a Japanese reader', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [taro])),
    );
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests', 'ja');
    const card = await screen.findByRole('article', { name: 'Taro Yamada' });
    expect(within(card).getByRole('rowheader', { name: '平鉋70' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests');
    expect(await screen.findByText('No requests for a quote yet')).toBeTruthy();
  });

  it('says when the list cannot be loaded, and loads it again on Retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/quote-requests' && fail) {
          fail = false;
          return serverFailure();
        }
        return json(200, [taro]);
      }),
    );
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests');
    expect(await screen.findByText('The requests for a quote could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: 'Taro Yamada' })).toBeTruthy();
  });

  it('loads the next page with the cursor from the Link header', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/quote-requests'
        ? json(200, [hanako], { Link: '</api/quote-requests?cursor=c1>; rel="next"' })
        : json(200, [taro]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<QuoteRequestsPage />, '/dashboard/quote-requests');
    await screen.findByRole('article', { name: 'Hanako Sato' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more requests' }));
    expect(await screen.findByRole('article', { name: 'Taro Yamada' })).toBeTruthy();
    expect(reads(fetchMock)).toEqual(['/api/quote-requests', '/api/quote-requests?cursor=c1']);
  });
});
