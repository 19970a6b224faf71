import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { AddressForm } from './address-form';

afterEach(() => vi.unstubAllGlobals());

function renderForm(language: 'en' | 'ja' = 'en', book = { billingTaken: true, deliveryFull: false }) {
  const onSave = vi.fn(() => Promise.resolve());
  render(
    <LanguageContext value={language}>
      <AddressForm {...book} refused={null} onSave={onSave} onCancel={() => {}} />
    </LanguageContext>,
  );
  return { onSave };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AddressForm', () => {
  it('asks a Japanese address by postal code, prefecture, city and street, and any other by its lines', async () => {
    renderForm();
    expect(await screen.findByLabelText(/^Postal code/)).toBeTruthy();
    expect(screen.getByLabelText(/^Prefecture/)).toBeTruthy();
    expect(screen.getByLabelText(/^Street and number/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Address line 1/)).toBeNull();

    type('Country(required)', 'DE');
    expect(await screen.findByLabelText(/^Address line 1/)).toBeTruthy();
    expect(screen.getByLabelText(/^Address line 2/)).toBeTruthy();
    expect(screen.getByLabelText(/^State, province or region/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Prefecture/)).toBeNull();
  });

  it('fills the prefecture and city from the postal code, then saves the entry', async () => {
    const fetch = mockFetch(async (url) =>
      url === '/api/postal-codes/1040061'
        ? Response.json({
            postalCode: '104-0061',
            places: [{ prefecture: '東京都', city: '中央区', town: '銀座' }],
          })
        : Response.json({ statusCode: 404, error: 'Not Found', message: 'x' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { onSave } = renderForm();
    type(/^Label/, 'Tokyo workshop');
    type(/^Recipient/, '山田 太郎');
    type(/^Phone/, '03-1234-5678');
    type(/^Postal code/, '104-0061');
    await waitFor(() =>
      expect((screen.getByLabelText(/^Prefecture/) as HTMLSelectElement).value).toBe('東京都'),
    );
    expect((screen.getByLabelText(/^City, ward and town/) as HTMLInputElement).value).toBe('中央区銀座');
    expect(screen.getByRole('status').textContent).toBe(
      'Found 東京都中央区銀座: add the street and building.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText(/^Street and number/));

    type(/^Street and number/, '1-2-3');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        label: 'Tokyo workshop',
        kind: 'delivery',
        country: 'JP',
        postalCode: '104-0061',
        prefecture: '東京都',
        city: '中央区銀座',
        street: '1-2-3',
      }),
    );

    // A code no place has is said, and nothing is filled.
    type(/^Postal code/, '000-0000');
    expect(await screen.findByText('No place has this postal code: please check it.')).toBeTruthy();
    expect((screen.getByLabelText(/^Prefecture/) as HTMLSelectElement).value).toBe('東京都');
  });

  it('says what a foreign address lacks at its field, and saves nothing', async () => {
    const { onSave } = renderForm();
    type('Country(required)', 'DE');
    type(/^Label/, 'Berlin');
    type(/^Recipient/, 'Anna Weber');
    type(/^Phone/, '+49 30 123456');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('address line is required')).toBeTruthy();
    expect(screen.getByText('city is required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('offers no second billing address, and speaks Japanese', async () => {
    renderForm('ja');
    const billing = (await screen.findByLabelText(/^請求先/)) as HTMLInputElement;
    expect(billing.disabled).toBe(true);
    expect(
      screen.getByText('請求先はすでにあります。変更するには、その請求先を編集してください。'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^郵便番号/)).toBeTruthy();
    expect(screen.getByLabelText(/^都道府県/)).toBeTruthy();
  });

  it('starts a new entry as a delivery address, and as the billing address only when deliveries are full', async () => {
    renderForm('en', { billingTaken: false, deliveryFull: false });
    expect(((await screen.findByLabelText(/^Delivery address/)) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Billing address/) as HTMLInputElement).disabled).toBe(false);
    cleanup();
    renderForm('en', { billingTaken: false, deliveryFull: true });
    expect(((await screen.findByLabelText(/^Billing address/)) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Delivery address/) as HTMLInputElement).disabled).toBe(true);
  });
});
