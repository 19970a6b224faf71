import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTotals, type Totals } from './order-totals';

const rows = () =>
  screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

const plain: Totals = {
  currency: 'USD',
  goods: 770,
  shipping: 0,
  tax: 0,
  taxRatePercent: 0,
  taxTreatment: 'none',
  amountDue: 770,
};

describe('OrderTotals', () => {
  it('shows one Total when the order charges nothing besides its goods', () => {
    render(<OrderTotals totals={plain} />);
    expect(rows()).toEqual([['Total', '$770']]);
  });

  it('shows goods, shipping, tax at its rate and the total due of a domestic order', () => {
    render(
      <OrderTotals
        totals={{
          currency: 'USD',
          goods: 770,
          shipping: 15,
          tax: 78.5,
          taxRatePercent: 10,
          taxTreatment: 'domestic',
          amountDue: 863.5,
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Goods', '$770'],
      ['Shipping', '$15'],
      ['Tax (10%)', '$78.50'],
      ['Total due', '$863.50'],
    ]);
  });

  it('says an export is tax exempt and free shipping is free', () => {
    render(<OrderTotals totals={{ ...plain, taxTreatment: 'export' }} />);
    expect(rows()).toEqual([
      ['Goods', '$770'],
      ['Shipping', 'Free'],
      ['Tax', 'Export — tax exempt'],
      ['Total due', '$770'],
    ]);
  });
});
