import type { Tool } from '@kanna/shared/catalog';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrencySwitch } from '../../../components/ui/currency-switch';
import { LanguageContext } from '../../../lib/i18n';
import { ToolCard } from './tool-card';

/** $12.35, $11 from 10: at ¥150 the shop sells it at ¥1,860 and ¥1,650, 10 % tax in Japan. */
const tool: Tool = {
  _id: '5f0c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
  productName: 'Kanna smoothing plane',
  description: 'A Japanese smoothing plane.',
  kind: 'plane',
  img: '/media/plane-640.webp',
  srcset: '',
  minQuantity: 1,
  maxQuantity: 50,
  perPrice: 12.35,
  packSize: 1,
  volumePrices: [{ minQuantity: 10, perPrice: 11 }],
  yen: { perPrice: 1_860, volumePrices: [{ minQuantity: 10, perPrice: 1_650 }], taxRatePercent: 10 },
  createdAt: '2024-05-01T00:00:00.000Z',
};

const renderIn = (language: 'en' | 'ja', shown: Tool = tool) =>
  render(
    <LanguageContext value={language}>
      <MemoryRouter>
        <CurrencySwitch offered={shown.yen !== undefined} />
        <ToolCard tool={shown} />
      </MemoryRouter>
    </LanguageContext>,
  );

afterEach(() => window.localStorage.clear());

describe('prices in the shown currency', () => {
  it('shows a Japanese reader yen with the tax beside it, and an English reader dollars', () => {
    renderIn('ja');
    expect(screen.getByText(/価格 ¥1,860／個/)).toBeTruthy();
    expect(screen.getByText('（税込 ¥2,046）')).toBeTruthy();
    expect(screen.getByText(/¥1,650から/)).toBeTruthy();
    cleanup();
    renderIn('en');
    expect(screen.getByText('Price $ 12.35/Per')).toBeTruthy();
    expect(screen.getByRole('article').textContent).not.toContain('¥');
  });

  it('switches an English reader to yen, kept in this browser, and back', () => {
    renderIn('en');
    fireEvent.click(screen.getByRole('button', { name: 'Yen ¥' }));
    expect(screen.getByText(/Price ¥1,860\/Per/)).toBeTruthy();
    expect(screen.getByText('(¥2,046 with tax)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yen ¥' }).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    renderIn('en');
    expect(screen.getByText(/Price ¥1,860\/Per/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'US $' }));
    expect(screen.getByText('Price $ 12.35/Per')).toBeTruthy();
  });

  it('offers no switch and shows dollars where the shop prices nothing in yen', () => {
    const { yen: _none, ...dollarsOnly } = tool;
    renderIn('ja', dollarsOnly);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByText('価格 $12.35／個')).toBeTruthy();
  });
});
