import { messages } from '@kanna/shared/domain/messages';
import type { Enquiry } from '@kanna/shared/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSettings } from '../../../test/fixtures';
import { address, json, renderPage, serverFailure } from '../../../test/pages';
import { EnquiriesPage } from './enquiries-page';

const notify = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../../lib/toast', () => ({ notify }));

const enquiry = (over: Partial<Enquiry>): Enquiry => ({
  _id: '00000000-0000-4000-8000-000000000001',
  toolId: '00000000-0000-4000-8000-0000000000aa',
  productName: 'Hira Kanna 70',
  name: 'Taro Yamada',
  email: 'taro@example.jp',
  quantityWanted: 40,
  message: 'Can you engrave our logo?',
  quoteRequest: false,
  createdAt: '2026-11-20T09:30:00.000Z',
  status: 'new',
  answeredAt: null,
  answeredBy: null,
  ...over,
});

const taro = enquiry({});
const hanako = enquiry({
  _id: '00000000-0000-4000-8000-000000000002',
  productName: 'Oire Nomi 9',
  name: 'Hanako Sato',
  email: 'hanako@example.jp',
  quantityWanted: 5000,
  quoteRequest: true,
  message: `Price for 5,000?\nDelivery to Osaka, ${'long text '.repeat(40)}`,
});

const renderAt = (url = '/dashboard/enquiries', language: 'en' | 'ja' = 'en') =>
  renderPage(<EnquiriesPage />, url, language);

const cardOf = (tool: string) => screen.getByRole('article', { name: tool });
/** The inbox's reads, in order (the shop's settings, read for its time zone, apart). */
const urls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map((c) => c[0]).filter((url) => url !== '/api/settings');

afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockClear();
});

describe('EnquiriesPage', () => {
  it('opens on the new enquiries and shows when, who (a mailto: link), the tool, how many, the badge and the message', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [hanako, taro]));
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    const card = await screen.findByRole('article', { name: 'Oire Nomi 9' });
    expect(urls(fetchMock)).toEqual(['/api/enquiries?status=new']);
    expect(within(card).getByText('Hanako Sato')).toBeTruthy();
    const mail = within(card).getByRole('link', { name: 'hanako@example.jp' });
    expect(mail.getAttribute('href')).toBe(
      `mailto:hanako@example.jp?subject=${encodeURIComponent('Re: your quote request about Oire Nomi 9')}`,
    );
    expect(within(card).getByText('5,000')).toBeTruthy();
    expect(within(card).getByText('Quote request')).toBeTruthy();
    expect(within(card).getByText('New')).toBeTruthy();
    // The message as written: its line breaks kept.
    expect(card.querySelector('blockquote')?.textContent).toBe(hanako.message);
    expect(within(card).getByText('Nov 20, 2026', { exact: false }).tagName).toBe('TIME');
    expect(within(cardOf('Hira Kanna 70')).queryByText('Quote request')).toBeNull();
    expect(screen.getByText('2 enquiries shown.')).toBeTruthy();
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('new');
  });

  it('marks an enquiry answered: PATCH with the state, a toast, and the new list loaded again without it', async () => {
    let answered = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/enquiries/${taro._id}` && init?.method === 'PATCH') {
        expect(JSON.parse(String(init.body))).toEqual({ status: 'answered' });
        answered = true;
        return json(200, {
          ...taro,
          status: 'answered',
          answeredAt: '2026-11-21T10:00:00.000Z',
          answeredBy: 'Kanna Admin',
        });
      }
      if (url === '/api/enquiries?status=new') return json(200, answered ? [hanako] : [hanako, taro]);
      return json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    const button = within(await screen.findByRole('article', { name: 'Hira Kanna 70' })).getByRole('button', {
      name: 'Mark answered',
    });
    // The button says which enquiry it marks.
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.enquiryMarkedAnswered));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Hira Kanna 70' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Oire Nomi 9' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Enquiries' }));
  });

  it('shows the answered ones from the address, with who answered, and marks one new again', async () => {
    const done = {
      ...taro,
      status: 'answered' as const,
      answeredAt: '2026-11-21T10:00:00.000Z',
      answeredBy: 'Kanna Admin',
    };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? json(200, { ...taro })
        : json(200, url === '/api/enquiries?status=answered' ? [done] : []),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/dashboard/enquiries?status=answered');
    const card = await screen.findByRole('article', { name: 'Hira Kanna 70' });
    expect(within(card).getByText('Answered')).toBeTruthy();
    expect(within(card).getByText(/^Answered by Kanna Admin, Nov 21, 2026/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Mark new' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.enquiryMarkedNew));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/enquiries/${taro._id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'new' });
  });

  it('keeps the filter in the address: Answered, All, and back to New', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [taro]));
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    await screen.findByRole('article', { name: 'Hira Kanna 70' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'answered' } });
    expect(address.current).toBe('/dashboard/enquiries?status=answered');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    expect(address.current).toBe('/dashboard/enquiries?status=all');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'new' } });
    expect(address.current).toBe('/dashboard/enquiries');
    await waitFor(() =>
      expect(urls(fetchMock)).toEqual([
        '/api/enquiries?status=new',
        '/api/enquiries?status=answered',
        '/api/enquiries',
        // New again: shown from memory at once, and read again (it may have changed meanwhile).
        '/api/enquiries?status=new',
      ]),
    );
  });

  it('says when there are none: no new ones (with a way to all of them), none at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    renderAt();
    expect(await screen.findByText('No new enquiries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all enquiries' }));
    expect(address.current).toBe('/dashboard/enquiries?status=all');
    expect(await screen.findByText('No enquiries yet')).toBeTruthy();
  });

  it("shows the server's message with Retry when the list cannot be loaded, and the refusal of a change", async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH')
          return json(404, { statusCode: 404, error: 'Not Found', message: 'This enquiry was not found.' });
        if (fail) {
          fail = false;
          return serverFailure();
        }
        return json(200, [taro]);
      }),
    );
    renderAt();
    expect(await screen.findByText('The enquiries could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    const card = await screen.findByRole('article', { name: 'Hira Kanna 70' });
    fireEvent.click(within(card).getByRole('button', { name: 'Mark answered' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'This enquiry was not found.'));
  });

  it('loads the next page with the cursor from the Link header', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/enquiries?status=new'
        ? json(200, [hanako], { Link: '</api/enquiries?status=new&cursor=c1>; rel="next"' })
        : json(200, [taro]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    await screen.findByRole('article', { name: 'Oire Nomi 9' });
    expect(screen.getByText('1 enquiry shown, newest first; more below.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more enquiries' }));
    await screen.findByRole('article', { name: 'Hira Kanna 70' });
    expect(urls(fetchMock)).toEqual(['/api/enquiries?status=new', '/api/enquiries?status=new&cursor=c1']);
    expect(screen.getByText('2 enquiries shown.')).toBeTruthy();
  });
});

describe('EnquiriesPage in Japanese', () => {
  it('says the inbox, its filter, each card and its button in Japanese, times in the shop’s zone', async () => {
    const answered = enquiry({
      status: 'answered',
      answeredAt: '2026-11-21T01:00:00.000Z',
      answeredBy: 'Mina Admin',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/settings'
          ? json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' })
          : json(200, [hanako, answered]),
      ),
    );
    renderAt('/dashboard/enquiries?status=all', 'ja');
    expect(await screen.findByText('2件のお問い合わせを表示しています。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeTruthy();
    const show = screen.getByLabelText('表示') as HTMLSelectElement;
    expect([...show.options].map((o) => o.textContent)).toEqual(['未対応', '回答済み', 'すべて']);
    const quote = within(cardOf('Oire Nomi 9'));
    expect(quote.getByText('見積依頼')).toBeTruthy();
    expect(quote.getByText('希望数量')).toBeTruthy();
    expect(quote.getByText('5,000')).toBeTruthy();
    expect(quote.getByText('まだ回答していません')).toBeTruthy();
    expect(quote.getByRole('button', { name: /^回答済みにする/ })).toBeTruthy();
    const done = within(cardOf('Hira Kanna 70'));
    // 01:00 UTC is 10:00 in Tokyo; the card's own time is 09:30 UTC, 18:30 there.
    await waitFor(() => expect(done.getByText('Mina Adminが回答済み（2026年11月21日 10:00）')).toBeTruthy());
    expect(done.getByText('2026年11月20日 18:30')).toBeTruthy();
    expect(done.getByRole('button', { name: /^未対応に戻す/ })).toBeTruthy();
  });
});
