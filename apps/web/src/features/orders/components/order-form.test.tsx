import { messages } from '@kanna/shared/domain/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast';
import { apiError, json, publicSettings, renderAt, stubApi, tool } from '../test-utils';
import { OrderForm } from './order-form';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

const buyer = { name: 'Taro Yamada', email: 'taro@example.com' };
const quantity = () => screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
const quantityMessage = () => quantity().closest('div')?.parentElement?.querySelector('[role="alert"]');

function fillContact(phone = '0312345678', address = '1-2-3 Kanda, Tokyo') {
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: address } });
}

beforeEach(() => {
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderForm (purchase page)', () => {
  it('starts at the minimum, shows the buyer read-only and the live total', () => {
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    expect(quantity().value).toBe('20');
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([name.value, name.readOnly, email.value, email.readOnly]).toEqual([
      'Taro Yamada',
      true,
      'taro@example.com',
      true,
    ]);
    expect(screen.getByText('$770')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('$808.50')).toBeTruthy();
  });

  it('warns with a toast and under the field when minus is pressed at the minimum', async () => {
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(quantity().value).toBe('20');
    expect(notify).toHaveBeenCalledWith('warning', "can't order below your minimum quantity");
    expect(quantityMessage()?.textContent).toBe("can't order below your minimum quantity");
  });

  it('warns with a toast and under the field when plus is pressed at the available quantity', async () => {
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i++) fireEvent.click(plus);
    expect(quantity().value).toBe('23');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('warning', "can't order above your available quantity");
    expect(quantityMessage()?.textContent).toBe("can't order above your available quantity");
  });

  it('holds typed quantities to the same bounds, with the same messages inline', async () => {
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    fireEvent.change(quantity(), { target: { value: '19' } });
    await waitFor(() => expect(quantityMessage()?.textContent).toBe(messages.belowMinimum));
    expect(screen.getByText('—')).toBeTruthy();
    fireEvent.change(quantity(), { target: { value: '24' } });
    await waitFor(() => expect(quantityMessage()?.textContent).toBe(messages.aboveAvailable));
    fireEvent.change(quantity(), { target: { value: '21' } });
    await waitFor(() => expect(quantityMessage()?.textContent).toBe(''));
    expect(notify).not.toHaveBeenCalled();
  });

  it('stops at what one order may total when that is fewer pieces than are available', async () => {
    // $50,000 a piece: 19 pieces fit under $999,999.99, though 100 are available.
    renderAt(
      <OrderForm tool={{ ...tool, perPrice: 50_000, minQuantity: 1, maxQuantity: 100 }} buyer={buyer} />,
    );
    expect(screen.getByText('From 1 to 19 pieces')).toBeTruthy();
    fireEvent.change(quantity(), { target: { value: '19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity().value).toBe('19');
    expect(notify).toHaveBeenCalledWith('warning', messages.overCardLimit);
    fireEvent.change(quantity(), { target: { value: '20' } });
    await waitFor(() => expect(quantityMessage()?.textContent).toBe(messages.overCardLimit));
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('allows what one order may total at the volume price, as the server does', async () => {
    // $50,000 a piece, $40,000 from 10: 24 pieces total $960,000, within one order's limit.
    const volume = { ...tool, perPrice: 50_000, minQuantity: 1, maxQuantity: 100 };
    renderAt(
      <OrderForm tool={{ ...volume, volumePrices: [{ minQuantity: 10, perPrice: 40_000 }] }} buyer={buyer} />,
    );
    expect(screen.getByText('From 1 to 24 pieces')).toBeTruthy();
    fireEvent.change(quantity(), { target: { value: '24' } });
    expect(await screen.findByText('$960,000')).toBeTruthy();
    expect(quantityMessage()?.textContent).toBe('');
    fireEvent.change(quantity(), { target: { value: '25' } });
    await waitFor(() => expect(quantityMessage()?.textContent).toBe(messages.overCardLimit));
  });

  it('cannot be sent when even the minimum order totals more than one order may', () => {
    const calls = stubApi(() => undefined);
    renderAt(
      <OrderForm tool={{ ...tool, perPrice: 50_000, minQuantity: 20, maxQuantity: 100 }} buyer={buyer} />,
    );
    expect(quantityMessage()?.textContent).toBe(messages.overCardLimit);
    const submit = screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(calls).toHaveLength(0);
  });

  it('says what the shop adds for a delivery to its own country when it charges shipping and tax', async () => {
    const charges = {
      tax: { enabled: true, ratePercent: 10, country: 'JP' },
      shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 15, freeFrom: null }],
    };
    stubApi(({ url }) => (url === '/api/settings' ? json(200, { ...publicSettings, charges }) : undefined));
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    // 20 × $38.50 = $770; ($770 + $15) × 10 % = $78.50.
    expect(
      await screen.findByText(
        'To Japan, shipping $15 and tax (10%) $78.50: $863.50 due. To another country, order from the cart.',
      ),
    ).toBeTruthy();
  });

  it('prices and places the order in yen when the shop prices its own country in yen', async () => {
    const charges = {
      tax: { enabled: true, ratePercent: 10, country: 'JP', rounding: 'down' },
      shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 15, freeFrom: null }],
      yenCountries: ['JP'],
      yenPerDollar: 150,
    };
    const calls = stubApi(({ url, method }) => {
      if (url === '/api/settings') return json(200, { ...publicSettings, charges });
      if (url === '/api/order' && method === 'POST')
        return json(201, { acknowledged: true, insertedId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' });
      return undefined;
    });
    renderAt(<OrderForm tool={tool} buyer={buyer} />, { path: '/purchase/x' });
    // $38.50 at ¥150 = ¥5,775, rounded up to ¥5,780; 20 × ¥5,780 = ¥115,600; shipping $15 = ¥2,250;
    // tax 10 % of both = ¥11,785.
    expect(
      await screen.findByText(
        'To Japan, shipping ¥2,250 and tax (10%) ¥11,785: ¥129,635 due. To another country, order from the cart.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('¥5,780')).toBeTruthy();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order')).toBe(true));
    expect(calls.find((c) => c.url === '/api/order')?.body).toMatchObject({
      quantity: 20,
      perPrice: 5_780,
      totalPrice: 115_600,
      currency: 'JPY',
    });
  });

  it('requires a phone number and an address, with messages under the fields, and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('phone is required')).toBeTruthy();
    expect(screen.getByText('address is required')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    expect(await screen.findByText(messages.phoneInvalid)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('gives the focus to the first field in error: the quantity, above the contact fields', async () => {
    const calls = stubApi(() => undefined);
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    fireEvent.change(quantity(), { target: { value: '19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('phone is required')).toBeTruthy();
    expect(quantityMessage()?.textContent).toBe(messages.belowMinimum);
    expect(document.activeElement).toBe(quantity());
    expect(calls).toEqual([]);
  });

  it('takes a phone number as people write it and sends it in its normal form', async () => {
    const calls = stubApi(({ url, method }) =>
      url === '/api/order' && method === 'POST'
        ? json(201, { acknowledged: true, insertedId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' })
        : undefined,
    );
    renderAt(<OrderForm tool={tool} buyer={buyer} />, { path: '/purchase/x' });
    fillContact('03-1234-5678');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText(messages.phoneInvalid)).toBeNull();
    expect(calls[0]?.body).toMatchObject({ phone: '+81 3 1234 5678' });
  });

  it('places the order with the price the buyer saw, toasts and goes to my orders', async () => {
    const calls = stubApi(({ url, method }) =>
      url === '/api/order' && method === 'POST'
        ? json(201, { acknowledged: true, insertedId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' })
        : undefined,
    );
    renderAt(<OrderForm tool={tool} buyer={buyer} />, { path: '/purchase/x' });
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/myOrders'));
    expect(calls[0]?.body).toEqual({
      toolId: tool._id,
      quantity: 21,
      phone: '+81 3 1234 5678',
      address: '1-2-3 Kanda, Tokyo',
      perPrice: 38.5,
      totalPrice: 808.5,
      currency: 'USD',
    });
    expect(notify).toHaveBeenCalledWith('success', 'your order is add to card. please pay for your order');
  });

  it("toasts the spec's failure and shows the server's reason when the order is refused", async () => {
    stubApi(({ url }) => (url === '/api/order' ? apiError(409, messages.priceChanged) : undefined));
    renderAt(<OrderForm tool={tool} buyer={buyer} />, { path: '/purchase/x' });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(messages.priceChanged)).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('error', 'sorry! try again for order');
    expect(screen.getByTestId('location').textContent).toBe('/purchase/x');
  });

  it('links Proceed CheckOut to my orders', () => {
    renderAt(<OrderForm tool={tool} buyer={buyer} />);
    expect(screen.getByRole('link', { name: 'Proceed CheckOut' }).getAttribute('href')).toBe(
      '/dashboard/myOrders',
    );
  });
});

describe('OrderForm, volume prices and pack sizes', () => {
  const trade = {
    ...tool,
    minQuantity: 12,
    maxQuantity: 100,
    perPrice: 9,
    packSize: 6,
    volumePrices: [
      { minQuantity: 24, perPrice: 8 },
      { minQuantity: 48, perPrice: 7.2 },
    ],
  };

  it('shows the price table, the unit price of the quantity and what the next break saves', async () => {
    renderAt(<OrderForm tool={trade} buyer={buyer} />);
    const table = screen.getByRole('table', { name: 'Volume prices' });
    expect(table.textContent).toContain('12–23');
    expect(table.textContent).toContain('48 or more');
    expect(screen.getByText('Order 12 more for $8 each')).toBeTruthy();
    expect(screen.getByText('$108')).toBeTruthy();
    expect(screen.getByText('From 12 to 96 pieces, in packs of 6')).toBeTruthy();

    // + moves by the pack size, and across the break the unit price drops.
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity().value).toBe('24');
    expect(screen.getByText('$192')).toBeTruthy();
    expect(screen.getByText('(volume price)')).toBeTruthy();
    expect(screen.getByText('Order 24 more for $7.20 each')).toBeTruthy();
  });

  it('corrects a quantity typed off the pack size and says why', async () => {
    renderAt(<OrderForm tool={trade} buyer={buyer} />);
    fireEvent.change(quantity(), { target: { value: '13' } });
    await waitFor(() => expect(quantityMessage()?.textContent).toBe(messages.packSize(6)));
    fireEvent.blur(quantity());
    await waitFor(() => expect(quantity().value).toBe('18'));
    expect(quantityMessage()?.textContent).toBe(messages.packSize(6));
  });

  it('sends the volume price it showed', async () => {
    const calls = stubApi(({ url }) =>
      url === '/api/order' ? json(201, { acknowledged: true, insertedId: trade._id }) : undefined,
    );
    renderAt(<OrderForm tool={trade} buyer={buyer} />, { path: '/purchase/x' });
    fireEvent.change(quantity(), { target: { value: '48' } });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(calls[0]?.body).toMatchObject({ quantity: 48, perPrice: 7.2, totalPrice: 345.6 }),
    );
  });

  it('adds the chosen quantity to the cart', async () => {
    localStorage.clear();
    const { getCartSnapshot, resetCart } = await import('../../../lib/cart');
    resetCart();
    renderAt(<OrderForm tool={trade} buyer={buyer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', `Added to your cart: 18 × ${trade.productName}`),
    );
    expect(JSON.parse(localStorage.getItem('kanna.cart') ?? '{}').lines).toEqual([
      { toolId: trade._id, quantity: 18 },
    ]);
    expect(getCartSnapshot().owner).toBe('unknown');
  });
});
