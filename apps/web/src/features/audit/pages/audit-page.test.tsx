import type { AuditEntry } from '@kanna/shared/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, json, renderPage, serverFailure } from '../../../test/pages';
import { AuditPage } from './audit-page';

const priceChange: AuditEntry = {
  id: 42,
  at: '2026-11-26T09:30:00.000Z',
  actor: { id: 'u1', name: 'Aya Auditor', email: 'aya@kanna.example' },
  kind: 'product.update',
  target: { type: 'product', id: 't1', label: 'Hira Kanna 48 mm' },
  before: { perPrice: 54.5, available: 50 },
  after: { perPrice: 56, available: 60 },
};
const promotion: AuditEntry = {
  id: 41,
  at: '2026-11-25T09:30:00.000Z',
  actor: { id: 'u1', name: 'Aya Auditor', email: 'aya@kanna.example' },
  kind: 'user.promote',
  target: { type: 'user', id: 'u2', label: 'ben@kanna.example' },
  before: { role: 'user' },
  after: { role: 'admin' },
};

const renderAt = (url = '/dashboard/audit', language: 'en' | 'ja' = 'en') =>
  renderPage(<AuditPage />, url, language);

/** The log's reads, in order (the shop's settings, read for its time zone, apart). */
const urls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map((c) => c[0]).filter((url) => url !== '/api/settings');

afterEach(() => vi.unstubAllGlobals());

describe('AuditPage', () => {
  it('shows each entry as a sentence, with when, who and each change before → after', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [priceChange, promotion]));
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    const card = await screen.findByRole('article', {
      name: 'Changed Hira Kanna 48 mm: price $54.50 → $56.00, available 50 → 60',
    });
    expect(urls(fetchMock)).toEqual(['/api/audit']);
    expect(within(card).getByText(/Aya Auditor/)).toBeTruthy();
    expect(within(card).getByText(/aya@kanna\.example/)).toBeTruthy();
    expect(within(card).getByText('Product changed')).toBeTruthy();
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-26T09:30:00.000Z');
    const changes = within(card).getByLabelText('Changes');
    expect(within(changes).getByText('$54.50')).toBeTruthy();
    expect(within(changes).getByText('$56.00')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Made ben@kanna.example an admin' })).toBeTruthy();
    expect(screen.getByText('2 entries shown.')).toBeTruthy();
  });

  it('keeps the filters in the address and asks the API with them', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [promotion]));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/dashboard/audit?actor=aya%40kanna.example&from=2026-11-01');
    await screen.findByRole('article', { name: 'Made ben@kanna.example an admin' });
    expect((screen.getByLabelText('Admin') as HTMLInputElement).value).toBe('aya@kanna.example');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'user.promote' } });
    await waitFor(() =>
      expect(address.current).toBe(
        '/dashboard/audit?actor=aya%40kanna.example&kind=user.promote&from=2026-11-01',
      ),
    );
    await waitFor(() =>
      expect(urls(fetchMock)).toEqual([
        '/api/audit?actor=aya%40kanna.example&from=2026-11-01',
        '/api/audit?actor=aya%40kanna.example&kind=user.promote&from=2026-11-01',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address.current).toBe('/dashboard/audit'));
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    renderAt('/dashboard/audit?kind=review.remove');
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    await waitFor(() => expect(address.current).toBe('/dashboard/audit'));
    expect(await screen.findByText('No admin actions recorded yet.')).toBeTruthy();
  });

  it("shows the server's message with Retry when the log cannot be loaded", async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (fail) {
          fail = false;
          return serverFailure();
        }
        return json(200, [promotion]);
      }),
    );
    renderAt();
    expect(await screen.findByText('The audit log could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('article', { name: 'Made ben@kanna.example an admin' })).toBeTruthy();
  });

  it('loads the next page with the cursor from the Link header', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/audit'
        ? json(200, [priceChange], { Link: '</api/audit?cursor=c1>; rel="next"' })
        : json(200, [promotion]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    await screen.findByRole('article', { name: /Changed Hira Kanna 48 mm/ });
    expect(screen.getByText('1 entry shown, newest first; more below.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more entries' }));
    await screen.findByRole('article', { name: 'Made ben@kanna.example an admin' });
    expect(urls(fetchMock)).toEqual(['/api/audit', '/api/audit?cursor=c1']);
    expect(screen.getByText('2 entries shown.')).toBeTruthy();
  });
});

describe('AuditPage in Japanese', () => {
  it('says each entry, its kind, its changes and the filters in Japanese', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/settings' ? json(404, {}) : json(200, [priceChange, promotion]),
      ),
    );
    renderAt('/dashboard/audit', 'ja');
    const card = await screen.findByRole('article', {
      name: 'Hira Kanna 48 mm を変更しました：価格 $54.50 → $56.00、在庫数 50 → 60',
    });
    expect(within(card).getByText('商品変更')).toBeTruthy();
    const changes = within(within(card).getByLabelText('変更内容'));
    expect(changes.getByText('価格')).toBeTruthy();
    expect(changes.getByText('在庫数')).toBeTruthy();
    expect(changes.getAllByText('、変更後：')).toHaveLength(2);
    expect(within(card).getByText(/2026年11月26日/)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'ben@kanna.example を管理者にしました' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '監査ログ' })).toBeTruthy();
    expect(screen.getByText('2件の記録を表示しています。')).toBeTruthy();
    const kind = screen.getByLabelText('種類') as HTMLSelectElement;
    expect(kind.options[0]?.textContent).toBe('すべての種類');
    expect([...kind.options].map((o) => o.textContent)).toContain('ショップ設定の変更');
    expect(screen.getByLabelText('管理者')).toBeTruthy();
    expect(screen.getByLabelText('開始日')).toBeTruthy();
    expect(screen.getByLabelText('終了日')).toBeTruthy();
  });
});
