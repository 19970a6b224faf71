import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast';
import { json, order, renderAt, stubApi } from '../test-utils';
import { AllOrdersPage } from './all-orders-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

const unpaid = order({ name: 'Hanako Sato', email: 'hanako@example.com' });
const pending = order({
  _id: '2c8e7bce-ccfe-4c3e-8c6e-bc9eaccecfde',
  productName: 'Genno Hammer 375 g',
  status: 'paid',
  paid: true,
  transactionId: 'pi_test_1',
});

afterEach(() => vi.unstubAllGlobals());

describe('AllOrdersPage (admin)', () => {
  it('shows customer, product, quantity, total and unpaid versus Pending', async () => {
    stubApi(({ url }) => (url === '/api/order' ? json(200, [unpaid, pending]) : undefined));
    renderAt(<AllOrdersPage />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByRole('rowheader').textContent).toBe('Hanako Satohanako@example.com');
    expect(first.getByText('unpaid')).toBeTruthy();
    expect(first.getByText('$770')).toBeTruthy();
    expect(first.queryByRole('button')).toBeNull();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('Pending')).toBeTruthy();
    expect(second.getByRole('button', { name: /^Mark shipped/ })).toBeTruthy();
  });

  it('filters by state through the API', async () => {
    const calls = stubApi(({ url }) =>
      url === '/api/order'
        ? json(200, [unpaid, pending])
        : url === '/api/order?status=paid'
          ? json(200, [pending])
          : undefined,
    );
    renderAt(<AllOrdersPage />);
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'paid' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.map((c) => c.url)).toEqual(['/api/order', '/api/order?status=paid']);
  });

  it('marks a Pending order shipped and says so', async () => {
    let list = [pending];
    const calls = stubApi(({ url, method }) => {
      if (method === 'GET') return json(200, list);
      if (method === 'PATCH' && url === `/api/order/${pending._id}/ship`) {
        list = [{ ...pending, status: 'shipped' }];
        return json(200, list[0]);
      }
      return undefined;
    });
    renderAt(<AllOrdersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Mark shipped/ }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Marked as shipped'));
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Shipped')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Mark shipped/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});
