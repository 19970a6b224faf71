import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../test-utils';
import { OrderDocuments } from './order-documents';

const id = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const links = () =>
  within(screen.getByRole('region', { name: 'Documents' }))
    .getAllByRole('link')
    .map((a) => ({ name: a.textContent, href: a.getAttribute('href'), file: a.getAttribute('download') }));

describe('the order page’s documents', () => {
  it('offers an unpaid order’s pro-forma invoice only', () => {
    render(<OrderDocuments order={order({ _id: id, number: 'K-000123', status: 'unpaid' })} />);
    expect(links()).toEqual([
      {
        name: 'Pro-forma invoice PDF',
        href: `/api/orders/${id}/documents/proforma.pdf`,
        file: 'K-000123-proforma.pdf',
      },
    ]);
  });

  it.each(['paid', 'shipped'] as const)(
    'offers a %s order’s invoice, receipt and delivery note',
    (status) => {
      render(<OrderDocuments order={order({ _id: id, number: 'K-000123', status })} />);
      expect(links().map((l) => [l.name, l.href])).toEqual([
        ['Invoice PDF', `/api/orders/${id}/documents/invoice.pdf`],
        ['Receipt PDF', `/api/orders/${id}/documents/receipt.pdf`],
        ['Delivery note PDF', `/api/orders/${id}/documents/delivery-note.pdf`],
      ]);
    },
  );

  it('keeps the invoice, receipt and delivery note of an order cancelled after it was paid', () => {
    render(
      <OrderDocuments order={order({ _id: id, status: 'cancelled', paidAt: '2026-11-20T01:00:00.000Z' })} />,
    );
    expect(links().map((l) => l.name)).toEqual(['Invoice PDF', 'Receipt PDF', 'Delivery note PDF']);
  });

  it('shows nothing for a cancelled order', () => {
    render(<OrderDocuments order={order({ _id: id, status: 'cancelled' })} />);
    expect(screen.queryByRole('region', { name: 'Documents' })).toBeNull();
  });
});
