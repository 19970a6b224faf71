import type { Tool } from '@kanna/shared/catalog';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCard } from './tool-card';

// The reader's language, which a test may set to Japanese.
const reader = vi.hoisted(() => ({ lang: 'en' as 'en' | 'ja' }));
vi.mock('../../../lib/reader-language', () => ({ useReaderLanguage: () => reader.lang }));
afterEach(() => {
  reader.lang = 'en';
});

const tool: Tool = {
  _id: '5f0c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
  productName: 'Kanna smoothing plane',
  description: 'A Japanese smoothing plane with a laminated blade.',
  kind: 'plane',
  img: '/media/plane-640.webp',
  srcset: '/media/plane-320.webp 320w, /media/plane-640.webp 640w, /media/plane-960.webp 960w',
  minQuantity: 100,
  maxQuantity: 5000,
  perPrice: 12.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2024-05-01T00:00:00.000Z',
};

const renderCard = (overrides: Partial<Tool> = {}) =>
  render(
    <MemoryRouter>
      <ToolCard tool={{ ...tool, ...overrides }} />
    </MemoryRouter>,
  );

describe('ToolCard', () => {
  it("names the tool in the reader's language: Japanese when it has a Japanese name, English otherwise", () => {
    reader.lang = 'ja';
    renderCard({ productNameJa: '平鉋 70mm' });
    expect(screen.getByRole('heading', { name: '平鉋 70mm' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '平鉋 70mm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase 平鉋 70mm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart: 平鉋 70mm' })).toBeTruthy();
    cleanup();
    renderCard({ productNameJa: null });
    expect(screen.getByRole('heading', { name: 'Kanna smoothing plane' })).toBeTruthy();
    cleanup();
    reader.lang = 'en';
    renderCard({ productNameJa: '平鉋 70mm' });
    expect(screen.getByRole('heading', { name: 'Kanna smoothing plane' })).toBeTruthy();
    expect(screen.queryByText('平鉋 70mm')).toBeNull();
  });

  it('shows the name, the price per piece and the order range', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Kanna smoothing plane' })).toBeTruthy();
    expect(screen.getByText('Price $ 12.50/Per')).toBeTruthy();
    expect(screen.getByText('100 - 5000 Pieces (OQ)')).toBeTruthy();
  });

  it('shows whole-dollar prices without decimals', () => {
    renderCard({ perPrice: 8 });
    expect(screen.getByText('Price $ 8/Per')).toBeTruthy();
  });

  it('links Purchase to the purchase page of this tool', () => {
    renderCard();
    const link = screen.getByRole('link', { name: /purchase/i });
    expect(link.getAttribute('href')).toBe(`/purchase/${tool._id}`);
  });

  it('shows a responsive image with reserved space and alt text', () => {
    renderCard();
    const img = screen.getByRole('img', { name: 'Kanna smoothing plane' });
    expect(img.getAttribute('srcset')).toBe(tool.srcset);
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('480');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('shows Sold out and no purchase link when less is available than the minimum order', () => {
    renderCard({ minQuantity: 100, maxQuantity: 40 });
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.getByText('Minimum order 100 Pieces (OQ), only 40 left')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /purchase/i })).toBeNull();
  });
});

describe('ToolCard, trade terms', () => {
  it('says "from" the cheapest volume price, keeping the price per piece, and the pack size', () => {
    renderCard({
      packSize: 10,
      volumePrices: [
        { minQuantity: 500, perPrice: 11 },
        { minQuantity: 1000, perPrice: 7.2 },
      ],
    });
    expect(screen.getByText('Price $ 12.50/Per')).toBeTruthy();
    expect(screen.getByText('from $7.20')).toBeTruthy();
    expect(screen.getByText('Sold in packs of 10')).toBeTruthy();
  });

  it('adds the minimum order to the cart', async () => {
    localStorage.clear();
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Kanna smoothing plane' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('kanna.cart') ?? '{}').lines).toEqual([
        { toolId: tool._id, quantity: 100 },
      ]),
    );
  });

  it('offers no Add to cart for a sold-out tool', () => {
    renderCard({ minQuantity: 100, maxQuantity: 40 });
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });
});
