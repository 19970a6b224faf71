import type { AdminOverview } from '@kanna/shared/overview';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { SalesFigures } from './sales-figures';

const weeks: AdminOverview['weeks'] = [
  { weekStart: '2025-03-03', revenue: 0, orders: 0 },
  { weekStart: '2025-03-10', revenue: 1250.5, orders: 3 },
  { weekStart: '2025-03-17', revenue: 480, orders: 1 },
];

describe('SalesFigures', () => {
  it('draws one bar per week for revenue and for orders, named by a summary', () => {
    const { container } = render(<SalesFigures weeks={weeks} />);
    const revenue = screen.getByRole('img', { name: /^Revenue per week/ });
    expect(revenue.getAttribute('aria-label')).toBe(
      'Revenue per week, 3 weeks from Mar 3: $1,730.50 in all; the highest was $1,250.50 in the week of Mar 10.',
    );
    expect(screen.getByRole('img', { name: /^Paid orders per week.*4 orders in all/ })).toBeTruthy();
    expect(container.querySelectorAll('svg rect')).toHaveLength(6);
  });

  it('has a table with the same figures, week by week', () => {
    render(<SalesFigures weeks={weeks} />);
    const table = screen.getByRole('table', { name: 'Week by week' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Week of', 'Revenue', 'Paid orders'],
      ['Mar 3', '$0.00', '0'],
      ['Mar 10', '$1,250.50', '3'],
      ['Mar 17', '$480.00', '1'],
    ]);
  });

  it('says when nothing has been paid yet', () => {
    render(<SalesFigures weeks={weeks.map((w) => ({ ...w, revenue: 0, orders: 0 }))} />);
    expect(screen.getByText(/No paid orders in these 8 weeks yet/)).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Revenue per week, 3 weeks from Mar 3: nothing yet.' }),
    ).toBeTruthy();
  });
});

describe('SalesFigures in Japanese', () => {
  it('names the charts, the table and the weeks in Japanese; money stays in dollars', () => {
    render(
      <LanguageContext value="ja">
        <SalesFigures weeks={weeks} />
      </LanguageContext>,
    );
    expect(screen.getByRole('img', { name: /^週ごとの売上/ }).getAttribute('aria-label')).toBe(
      '週ごとの売上（3月3日からの3週間）：合計 $1,730.50。最も多かったのは3月10日の週の $1,250.50 です。',
    );
    expect(screen.getByRole('img', { name: /^週ごとの支払い済み注文数.*合計 4件/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: '週ごとの内訳' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows[0]).toEqual(['週の初日', '売上', '支払い済み注文']);
    expect(rows[2]).toEqual(['3月10日', '$1,250.50', '3']);
  });
});
