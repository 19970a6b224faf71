import type { StockEntry, Tool } from '@kanna/shared/catalog';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { StockHistoryDialog } from './stock-history-dialog';

const tool: Tool = {
  _id: '6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
  productName: 'Hira Kanna 48 mm',
  description: 'A smoothing plane.',
  kind: 'plane',
  img: '/media/6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b/640.webp',
  srcset: '',
  minQuantity: 5,
  maxQuantity: 85,
  perPrice: 54.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};
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

function renderDialog() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
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
        <StockHistoryDialog tool={tool} onClose={() => {}} />
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
