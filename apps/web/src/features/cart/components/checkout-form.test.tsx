import type { AddressEntry } from '@kanna/shared/address-book';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutForm } from './checkout-form';

const entry = (over: Partial<AddressEntry>): AddressEntry => ({
  _id: '0d08d825-2120-408f-b54b-d32a702dc6f8',
  label: 'Tokyo workshop',
  kind: 'delivery',
  recipient: '山田 太郎',
  company: null,
  department: null,
  phone: '+81 3 1234 5678',
  country: 'JP',
  postalCode: '104-0061',
  prefecture: '東京都',
  city: '中央区銀座',
  street: '1-2-3',
  building: null,
  line1: null,
  line2: null,
  region: null,
  text: '〒104-0061 東京都 中央区銀座 1-2-3',
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

const tokyo = entry({});
const berlin = entry({
  _id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  label: 'Berlin studio',
  phone: '+49 30 123456',
  country: 'DE',
  postalCode: '10827',
  prefecture: null,
  city: 'Berlin',
  street: null,
  line1: 'Hauptstraße 5',
  text: 'Hauptstraße 5, Berlin, 10827',
});

const profile = {
  displayName: 'Taro Yamada',
  company: '山田木工所',
  department: null,
  phone: '03-9999-0000',
  streetAddress: null,
  city: null,
  district: null,
  country: 'JP',
};

function renderCheckout(
  deliveries: AddressEntry[],
  billing?: AddressEntry,
  pay: { bankTransfer?: boolean; onAccount?: boolean; serverError?: string } = {},
) {
  const onSubmit = vi.fn();
  const onCountry = vi.fn();
  function Page() {
    const [country, setCountry] = useState('JP');
    return (
      <CheckoutForm
        profile={profile}
        lastDelivery={null}
        deliveries={deliveries}
        billing={billing}
        timeZone="Asia/Tokyo"
        countries={['JP', 'DE']}
        country={country}
        onCountry={(c) => {
          onCountry(c);
          setCountry(c);
        }}
        bankTransfer={pay.bankTransfer ?? false}
        onAccount={pay.onAccount}
        cardAllowed
        total="$192"
        blocked={null}
        pending={false}
        serverError={pay.serverError ?? null}
        onSubmit={onSubmit}
      />
    );
  }
  render(<Page />);
  return { onSubmit, onCountry };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the checkout and the address book', () => {
  it('fills phone, address and country from the delivery address chosen, and places the order with them', async () => {
    const { onSubmit, onCountry } = renderCheckout([tokyo, berlin]);
    const chooser = (await screen.findByLabelText('Deliver to a saved place')) as HTMLSelectElement;
    expect([...chooser.options].map((o) => o.textContent)).toEqual([
      'Choose one from your address book',
      'Tokyo workshop — 〒104-0061 東京都 中央区銀座 1-2-3',
      'Berlin studio — Hauptstraße 5, Berlin, 10827',
    ]);
    fireEvent.change(chooser, { target: { value: berlin._id } });
    await waitFor(() => expect(field('Address').value).toBe('Hauptstraße 5, Berlin, 10827'));
    expect(field('Phone').value).toBe('+49 30 123456');
    expect(field('Country').value).toBe('DE');
    expect(onCountry).toHaveBeenCalledWith('DE');

    fireEvent.change(chooser, { target: { value: tokyo._id } });
    await waitFor(() => expect(field('Address').value).toBe('〒104-0061 東京都 中央区銀座 1-2-3'));
    expect(field('Country').value).toBe('JP');
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        phone: '+81 3 1234 5678',
        address: '〒104-0061 東京都 中央区銀座 1-2-3',
        country: 'JP',
      }),
      null,
    );
  });

  it('offers no chooser without delivery addresses, and saves the address typed as a new delivery entry when asked', async () => {
    const { onSubmit } = renderCheckout([]);
    expect(screen.queryByLabelText('Deliver to a saved place')).toBeNull();
    fireEvent.change(field('Address'), { target: { value: '〒104-0061 東京都中央区銀座 4-5-6 銀座ビル' } });
    fireEvent.click(screen.getByLabelText('Keep this delivery for next time'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({
      label: '中央区銀座',
      kind: 'delivery',
      recipient: 'Taro Yamada',
      company: '山田木工所',
      department: '',
      phone: '+81 3 9999 0000',
      country: 'JP',
      postalCode: '104-0061',
      prefecture: '東京都',
      city: '中央区銀座',
      street: '4-5-6 銀座ビル',
      line1: '',
      line2: '',
    });
  });

  it('says how to write an address it cannot save, and places nothing until it is fixed or saving unticked', async () => {
    const { onSubmit } = renderCheckout([]);
    fireEvent.change(field('Address'), { target: { value: '東京都中央区銀座 4-5-6' } });
    fireEvent.click(screen.getByLabelText('Keep this delivery for next time'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    expect(await screen.findByText(/^To save this address, write it as/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Keep this delivery for next time'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toBeNull();
  });
});

describe('the buyer as a business at checkout', () => {
  const head = entry({
    _id: '2c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bee',
    kind: 'billing',
    label: 'Head office',
    text: '〒100-0005 東京都 千代田区丸の内 1-1',
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());

  it('starts from the profile’s company and the book’s billing address, and sends PO number, date and receipt choices', async () => {
    const { onSubmit } = renderCheckout([tokyo], head);
    // A business buyer finds the section open, filled from the profile and the book.
    expect(field('Company').value).toBe('山田木工所');
    expect(field('Bill to').value).toBe(head.text);
    expect(field('Delivery requested by').min).toBe(today);
    fireEvent.change(screen.getByLabelText('Deliver to a saved place'), { target: { value: tokyo._id } });
    fireEvent.change(field('Your PO number'), { target: { value: 'PO-77' } });
    fireEvent.change(field('Delivery requested by'), { target: { value: today } });
    fireEvent.change(field('Receipt made out to'), { target: { value: '山田木工所 経理部' } });
    expect(field('Receipt for').placeholder).toBe('goods');
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      company: '山田木工所',
      billingAddress: head.text,
      poNumber: 'PO-77',
      requestedDate: today,
      receiptAddressee: '山田木工所 経理部',
    });
    expect(onSubmit.mock.calls[0]?.[0].receiptNote).toBeUndefined();
  });

  it('takes the book’s billing address when the book arrives after the form is drawn', async () => {
    const onSubmit = vi.fn();
    const form = (billing?: AddressEntry) => (
      <CheckoutForm
        profile={profile}
        lastDelivery={null}
        deliveries={[tokyo]}
        billing={billing}
        timeZone="Asia/Tokyo"
        countries={['JP']}
        country="JP"
        onCountry={() => {}}
        bankTransfer={false}
        cardAllowed
        total="$192"
        blocked={null}
        pending={false}
        serverError={null}
        onSubmit={onSubmit}
      />
    );
    const { rerender } = render(form());
    expect((screen.getByLabelText('Send the invoice elsewhere') as HTMLInputElement).checked).toBe(false);
    rerender(form(head));
    await waitFor(() => expect(field('Bill to').value).toBe(head.text));
    expect((screen.getByLabelText('Send the invoice elsewhere') as HTMLInputElement).checked).toBe(true);
  });

  it('bills the delivery address once the buyer unticks the other address', async () => {
    const { onSubmit } = renderCheckout([tokyo], head);
    fireEvent.change(screen.getByLabelText('Deliver to a saved place'), { target: { value: tokyo._id } });
    fireEvent.click(screen.getByLabelText('Send the invoice elsewhere'));
    expect(screen.queryByLabelText('Bill to')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].billingAddress).toBeUndefined();
  });

  it('says at the field what is wrong with a PO number, and sends nothing', async () => {
    const { onSubmit } = renderCheckout([tokyo]);
    fireEvent.change(screen.getByLabelText('Deliver to a saved place'), { target: { value: tokyo._id } });
    fireEvent.change(field('Your PO number'), { target: { value: 'PO\u0007BELL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    expect(
      await screen.findByText('the purchase-order number must be 1 to 40 printable characters on one line', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('paying on account', () => {
  const onAccountChoice = () => screen.queryByLabelText(/On account \(invoice at month's end\)/);

  it('offers a member of a company with terms a third choice, and places the order on account with it', async () => {
    const { onSubmit } = renderCheckout([tokyo], undefined, { bankTransfer: true, onAccount: true });
    expect(screen.getByLabelText('Card')).toBeTruthy();
    expect(screen.getByLabelText(/Bank transfer/)).toBeTruthy();
    const choice = onAccountChoice();
    expect(choice).not.toBeNull();
    fireEvent.click(choice as HTMLElement);
    fireEvent.change(field('Address'), { target: { value: '〒104-0061 東京都中央区銀座 4-5-6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $192' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ paymentMethod: 'account' });
  });

  it('offers it even in a shop that takes no transfers, and shows the refusal over the credit limit at the form', () => {
    const refusal =
      "Your company's credit limit is $1,000.00 and $200.00 is already owed on its account: $800.00 is left.";
    renderCheckout([tokyo], undefined, { onAccount: true, serverError: refusal });
    expect(onAccountChoice()).not.toBeNull();
    expect(screen.queryByLabelText(/Bank transfer/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(refusal);
  });

  it('is not offered to anyone else', () => {
    renderCheckout([tokyo], undefined, { bankTransfer: true, onAccount: false });
    expect(screen.getByLabelText(/Bank transfer/)).toBeTruthy();
    expect(onAccountChoice()).toBeNull();
  });
});
