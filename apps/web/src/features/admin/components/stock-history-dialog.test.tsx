import type { StockEntry } from '@kanna/shared/catalog';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { plane } from '../../../test/fixtures';
import { StockHistoryDialog } from './stock-history-dialog';

const tool = plane({ maxQuantity: 85 });
const orderId = '0b7e3f52-1c6a-4d8e-9f2a-5b3c7d9e1f4a';
const entry = (e: Partial<StockEntry>): StockEntry => ({
  at: '2026-11-26T08:05:00.000Z',
  delta: 0,
  balance: 0,
  reason: 'admin',
  orderId: null,
  orderNumber: null,
  by: null,
  ...e,
});
const firstPage = [
  entry({ delta: -15, balance: 85, reason: 'order', orderId, orderNumber: 'K-000042' }),
  entry({ delta: 100, balance: 100, reason: 'initial', by: 'Keeper' }),
];
const secondPage = [entry({ delta: -3, balance: 0, reason: 'admin', by: 'Keeper' })];

afterEach(() => vi.unstubAllGlobals());

function renderDialog(language: 'en' | 'ja' = 'en') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      // The shop's settings (its time zone, for the times): not answered, the reader's zone is used.
      if (url === '/api/settings') return new Response('{}', { status: 404 });
      asked.push(url);
      const more = url.includes('cursor=');
      return new Response(JSON.stringify(more ? secondPage : firstPage), {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          ...(more ? {} : { Link: `</api/handTools/${tool._id}/stock?cursor=abc>; rel="next"` }),
        },
      });
    }),
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <LanguageContext value={language}>
          <StockHistoryDialog tool={tool} onClose={() => {}} />
        </LanguageContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return asked;
}

describe('StockHistoryDialog', () => {
  it("lists a tool's changes newest first: why, by how much, what was left, and the order linked by its number", async () => {
    const asked = renderDialog();
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Taken by order K-000042');
    expect(items[0]?.textContent).toContain('−15');
    expect(items[0]?.textContent).toContain('85 left');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'K-000042' })
        .getAttribute('href'),
    ).toBe(`/dashboard/orders/${orderId}`);
    expect(items[1]?.textContent).toContain('Added to the shop by Keeper');
    expect(items[1]?.textContent).toContain('+100');
    expect(asked[0]).toContain(`/api/handTools/${tool._id}/stock`);

    fireEvent.click(screen.getByRole('button', { name: 'Load earlier changes' }));
    expect(await screen.findByText('Stock edited by Keeper')).toBeTruthy();
    expect(asked.some((url) => url.includes('cursor=abc'))).toBe(true);
  });
});

describe('StockHistoryDialog in Japanese', () => {
  it('says why each change was made, what was left and the counts in Japanese', async () => {
    renderDialog('ja');
    expect(screen.getByRole('dialog', { name: '在庫履歴' })).toBeTruthy();
    expect(screen.getByText('Hira Kanna 48 mm：現在の在庫 85個')).toBeTruthy();
    const list = await screen.findByRole('list', { name: '変更（新しい順）' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('注文 K-000042 で確保');
    expect(items[0]?.textContent).toContain('残り85個');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'K-000042' })).toBeTruthy();
    expect(items[1]?.textContent).toContain('ショップに追加（Keeper）');
    expect(items[1]?.textContent).toMatch(/2026年11月26日 \d{1,2}:05/);
    fireEvent.click(screen.getByRole('button', { name: 'さらに前の変更を表示' }));
    expect(await screen.findByText('在庫を変更（Keeper）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '閉じる' })).toBeTruthy();
  });
});
