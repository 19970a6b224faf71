import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { PriceListForm } from './price-list-form';

const PLANE = '6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b';
const SAW = '7a2d3b0f-4c2e-4d7f-8b8c-3e9f5a7b2d4c';
const tools = [
  { _id: PLANE, productName: 'Hira Kanna', productNameJa: '平鉋', perPrice: 12.35 },
  { _id: SAW, productName: 'Ryoba Saw', productNameJa: null, perPrice: 40 },
];

function renderForm(language: 'en' | 'ja' = 'en', props: Partial<Parameters<typeof PriceListForm>[0]> = {}) {
  const onSubmit = vi.fn(async () => true);
  render(
    <LanguageContext value={language}>
      <PriceListForm tools={tools} onSubmit={onSubmit} onCancel={() => {}} {...props} />
    </LanguageContext>,
  );
  return onSubmit;
}

const type = (label: string | HTMLElement, value: string) =>
  fireEvent.change(typeof label === 'string' ? screen.getByLabelText(label) : label, { target: { value } });

/** The texts that describe a control: its hint and its error. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('PriceListForm', () => {
  it('says what is missing or wrong at each field and sends nothing', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/^Name/))).toContain('Give the price list a name.'),
    );
    expect(describedBy(screen.getByLabelText(/^Rate/))).toContain(
      'The rate must be a percentage from 1 to 200, with at most two decimals.',
    );

    type(screen.getByLabelText(/^Rate/), '250');
    fireEvent.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    const [first, second] = screen.getAllByRole('listitem');
    if (!first || !second) throw new Error('two fixed prices expected');
    type(within(first).getByLabelText(/^Tool/), SAW);
    type(within(first).getByLabelText(/^Price/), '30.005');
    type(within(second).getByLabelText(/^Tool/), SAW);
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(describedBy(within(first).getByLabelText(/^Price/))).toContain(
        'Price can have at most 2 decimals',
      ),
    );
    expect(describedBy(screen.getByLabelText(/^Rate/))).toContain('from 1 to 200');
    expect(describedBy(within(second).getByLabelText(/^Tool/))).toContain(
      'This tool already has a fixed price in this currency on the list.',
    );
    expect(describedBy(within(second).getByLabelText(/^Price/))).toContain('Price must be a number');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the name, the rate and each fixed price in dollars, showing the tool’s list price', async () => {
    const onSubmit = renderForm();
    type(screen.getByLabelText(/^Name/), '  Trade 85 ');
    type(screen.getByLabelText(/^Rate/), '85.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    type(screen.getByLabelText(/^Tool/), PLANE);
    type(screen.getByLabelText(/^Price/), '9.8');
    expect(describedBy(screen.getByLabelText(/^Price/))).toContain('List price $12.35');
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Trade 85',
        percent: 85.5,
        fixedPrices: [{ toolId: PLANE, currency: 'USD', price: 9.8 }],
      }),
    );
  });

  it('shows the server’s refusal at its field', async () => {
    renderForm('en', {
      initial: { name: 'Trade 85', percent: '85', fixedPrices: [] },
      serverError: 'A price list named “Trade 85” already exists: choose another name.',
      serverErrors: [
        { path: 'name', message: 'A price list named “Trade 85” already exists: choose another name.' },
      ],
    });
    await waitFor(() => expect(describedBy(screen.getByLabelText(/^Name/))).toContain('already exists'));
  });

  it('labels its fields and says its problems in Japanese', async () => {
    const onSubmit = renderForm('ja');
    expect(await screen.findByLabelText(/^名前/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '個別価格を追加' }));
    expect(within(screen.getByLabelText(/^工具/)).getByRole('option', { name: '平鉋' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '価格表を保存' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/^名前/))).toContain('価格表の名前を入力してください。'),
    );
    expect(describedBy(screen.getByLabelText(/^掛率/))).toContain('掛率は1〜200%の範囲で');
    expect(describedBy(screen.getByLabelText(/^工具/))).toContain('この価格を設定する工具を選んでください。');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
