import type { Tool } from '@kanna/shared/catalog';
import type { AdminOverview } from '@kanna/shared/overview';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { AddProductPage } from './add-product-page';
import { ManageProductsPage } from './manage-products-page';
import { OverviewPage } from './overview-page';

/** The overview, Manage Product and Add Product as a Japanese reader sees them (the English in their own tests). */

const tool: Tool = {
  _id: '6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
  productName: 'Hira Kanna 48 mm',
  productNameJa: '平鉋 48mm',
  description: 'A smoothing plane.',
  kind: 'plane',
  img: '/media/6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b/640.webp',
  srcset: '',
  minQuantity: 5,
  maxQuantity: 4,
  perPrice: 54.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};

const overview: AdminOverview = {
  weeks: [
    { weekStart: '2025-03-03', revenue: 0, orders: 0 },
    { weekStart: '2025-03-10', revenue: 1250.5, orders: 3 },
  ],
  counts: { unpaid: 2, pending: 1, shipped: 1234 },
  lowStock: [{ _id: tool._id, productName: tool.productName, minQuantity: 5, maxQuantity: 4 }],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderInJapanese(page: ReactElement, path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/admin-overview' ? json(overview) : json([tool]))),
  );
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageContext value="ja">{page}</LanguageContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the administrator’s pages in Japanese', () => {
  it('the overview: order counts, sales and the tools running low', async () => {
    renderInJapanese(<OverviewPage />, '/dashboard/overview');
    expect(await screen.findByRole('heading', { level: 2, name: '注文' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '概要' })).toBeTruthy();
    expect(screen.getByText('発送待ち')).toBeTruthy();
    expect(screen.getByText('支払い済みで発送待ち')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'すべての注文を見る' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '直近8週間の売上' })).toBeTruthy();
    const low = screen.getByRole('table', { name: '在庫が少ない工具' });
    expect(
      within(low)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['工具', '最小注文数量', '在庫数', '操作']);
    expect(within(low).getByText('売り切れ')).toBeTruthy();
    expect(within(low).getByRole('link', { name: /^在庫を更新\s?（Hira Kanna 48 mm）$/ })).toBeTruthy();
  });

  it('Manage Product: the table, its buttons and the delete question', async () => {
    renderInJapanese(<ManageProductsPage />, '/dashboard/manageAllProducts');
    const table = await screen.findByRole('table', { name: '販売中の商品（新しい順）' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['画像', '商品名', '価格', '最小注文数量', '在庫数', '操作']);
    expect(within(table).getByText('鉋')).toBeTruthy();
    expect(within(table).getByText('売り切れ')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Hira Kanna 48 mm の在庫履歴' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Hira Kanna 48 mm を編集' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Hira Kanna 48 mm を削除' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Hira Kanna 48 mm を削除しますか？' }));
    expect(dialog.getByRole('button', { name: 'はい、商品を削除する' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '商品を残す' }));
    expect(screen.getByRole('link', { name: '商品を追加' })).toBeTruthy();
  });

  it('Manage Product opens a product’s form in Japanese from the address', async () => {
    renderInJapanese(<ManageProductsPage />, `/dashboard/manageAllProducts?edit=${tool._id}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Hira Kanna 48 mm を編集' }));
    expect((dialog.getByLabelText('日本語の商品名') as HTMLInputElement).value).toBe('平鉋 48mm');
    expect(dialog.getByRole('button', { name: '変更を保存' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'キャンセル' })).toBeTruthy();
  });

  it('Add Product: its heading, what is required and the button', () => {
    renderInJapanese(<AddProductPage />, '/dashboard/addProduct');
    expect(screen.getByRole('heading', { level: 1, name: '商品を追加' })).toBeTruthy();
    expect(
      screen.getByText(/日本語のテキストと取引条件（入数と数量割引）を除き、すべての項目が必須です。/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '商品を追加' })).toBeTruthy();
  });
});
