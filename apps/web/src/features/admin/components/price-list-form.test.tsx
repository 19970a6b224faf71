import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { PriceListForm } from './price-list-form';

const PLANE = '6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b';
const SAW = '7a2d3b0f-4c2e-4d7f-8b8c-3e9f5a7b2d4c';
/** A plane at $12.35 ($11 from 10, $10 from 50; ¥1,860 and ¥1,650 from 10 in yen), a saw at $40 in packs of 5. */
const tools = [
  {
    _id: PLANE,
    productName: 'Hira Kanna',
    productNameJa: '平鉋',
    perPrice: 12.35,
    minQuantity: 1,
    packSize: 1,
    volumePrices: [
      { minQuantity: 10, perPrice: 11 },
      { minQuantity: 50, perPrice: 10 },
    ],
    yen: { perPrice: 1860, volumePrices: [{ minQuantity: 10, perPrice: 1650 }], taxRatePercent: 10 },
  },
  {
    _id: SAW,
    productName: 'Ryoba Saw',
    productNameJa: null,
    perPrice: 40,
    minQuantity: 5,
    packSize: 5,
    volumePrices: [],
  },
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
        fixedPrices: [{ toolId: PLANE, currency: 'USD', price: 9.8, volumePrices: null }],
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
  it('shows a fixed price’s volume prices scaled from the tool’s, and sends none of its own while they are', async () => {
    const onSubmit = renderForm();
    type(screen.getByLabelText(/^Name/), 'Trade');
    type(screen.getByLabelText(/^Rate/), '90');
    fireEvent.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    const state = () => screen.getByTestId('breaks-state').textContent;
    expect(screen.getByLabelText('Scaled from the list prices')).toHaveProperty('checked', true);
    expect(state()).toBe('The tool has no volume prices in this currency: this price at every quantity.');
    type(screen.getByLabelText(/^Tool/), PLANE);
    expect(state()).toBe('The tool’s volume prices, scaled to this price once it is typed.');
    type(screen.getByLabelText(/^Price \(USD\)/), '9.8');
    // $11 × 9.80 / 12.35 = $8.73 from 10; $10 × 9.80 / 12.35 = $7.94 from 50.
    expect(state()).toBe('Scaled: from 10, $8.73 · from 50, $7.94.');
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Trade',
        percent: 90,
        fixedPrices: [{ toolId: PLANE, currency: 'USD', price: 9.8, volumePrices: null }],
      }),
    );
  });

  it('fixes a price’s own volume prices, starting from the scaled ones, and says each problem at its break', async () => {
    const onSubmit = renderForm();
    type(screen.getByLabelText(/^Name/), 'Trade');
    type(screen.getByLabelText(/^Rate/), '90');
    fireEvent.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    type(screen.getByLabelText(/^Tool/), PLANE);
    type(screen.getByLabelText(/^Price \(USD\)/), '9.8');
    fireEvent.click(screen.getByLabelText('Fixed here'));
    expect(screen.getByTestId('breaks-state').textContent).toBe(
      'This list’s own volume prices, in place of the tool’s.',
    );
    const from = (b: number) => screen.getByLabelText(`From (pieces), fixed price 1, break ${b}`);
    const price = (b: number) => screen.getByLabelText(`Price per piece ($), fixed price 1, break ${b}`);
    expect([from(1), price(1), from(2), price(2)].map((input) => (input as HTMLInputElement).value)).toEqual([
      '10',
      '8.73',
      '50',
      '7.94',
    ]);
    // Not above the one before, dearer than the one before, a fraction of a cent.
    type(from(2), '10');
    type(price(2), '9');
    fireEvent.click(screen.getByRole('button', { name: /^Add a volume price/ }));
    type(from(3), '100');
    type(price(3), '7.005');
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(describedBy(price(3))).toContain('Price can have at most 2 decimals'));
    type(price(3), '7');
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(describedBy(from(2))).toContain('Price breaks must start at increasing quantities'),
    );
    expect(describedBy(price(2))).toContain('Each price break must be cheaper than the one before');
    expect(onSubmit).not.toHaveBeenCalled();
    type(from(2), '50');
    type(price(2), '8');
    fireEvent.click(screen.getByRole('button', { name: 'Remove break 1 of fixed price 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Trade',
        percent: 90,
        fixedPrices: [
          {
            toolId: PLANE,
            currency: 'USD',
            price: 9.8,
            volumePrices: [
              { minQuantity: 50, perPrice: 8 },
              { minQuantity: 100, perPrice: 7 },
            ],
          },
        ],
      }),
    );
  });

  it('takes a yen price and yen breaks in whole yen only, checked against the tool’s pack, in Japanese', async () => {
    const onSubmit = renderForm('ja');
    type(screen.getByLabelText(/^名前/), '卸');
    type(screen.getByLabelText(/^掛率/), '90');
    fireEvent.click(screen.getByRole('button', { name: '個別価格を追加' }));
    type(screen.getByLabelText(/^工具/), SAW);
    type(screen.getByLabelText(/^通貨/), 'JPY');
    type(screen.getByLabelText(/^価格（JPY）/), '5000.5');
    // A shop without yen for this tool: nothing to scale in yen.
    expect(screen.getByTestId('breaks-state').textContent).toBe(
      'この工具にはこの通貨の数量割引がありません（どの数量でもこの価格）。',
    );
    fireEvent.click(screen.getByLabelText('ここで指定'));
    expect(screen.getByTestId('breaks-state').textContent).toBe('数量割引なし（どの数量でもこの価格）。');
    fireEvent.click(screen.getByRole('button', { name: /^数量割引を追加/ }));
    const from = screen.getByLabelText('適用数量（個）（個別価格 1、割引 1）');
    const price = screen.getByLabelText('1個あたりの価格（¥）（個別価格 1、割引 1）');
    type(from, '12');
    type(price, '4500.5');
    fireEvent.click(screen.getByRole('button', { name: '価格表を保存' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/^価格（JPY）/))).toContain(
        '円の価格は小数のない整数（円）で入力してください。',
      ),
    );
    expect(describedBy(price)).toContain('円の価格は小数のない整数（円）で入力してください。');
    // The saw is sold in packs of 5: a break at 12 pieces is off the pack.
    expect(describedBy(from)).toContain('5');
    type(screen.getByLabelText(/^価格（JPY）/), '5000');
    type(from, '20');
    type(price, '4500');
    fireEvent.click(screen.getByRole('button', { name: '価格表を保存' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: '卸',
        percent: 90,
        fixedPrices: [
          { toolId: SAW, currency: 'JPY', price: 5000, volumePrices: [{ minQuantity: 20, perPrice: 4500 }] },
        ],
      }),
    );
  });

  it('opens a list’s fixed breaks as fixed, and shows the server’s refusal at a break', async () => {
    renderForm('en', {
      initial: {
        name: 'Trade',
        percent: '90',
        fixedPrices: [
          {
            toolId: PLANE,
            currency: 'USD',
            price: '10',
            breaks: 'fixed',
            volumePrices: [{ minQuantity: '20', perPrice: '9' }],
          },
        ],
      },
      serverErrors: [{ path: 'fixedPrices.0.volumePrices.0.minQuantity', message: 'Not on the pack size' }],
    });
    // The edited list's tool is the one chosen.
    expect((screen.getByLabelText(/^Tool/) as HTMLSelectElement).value).toBe(PLANE);
    expect(screen.getByLabelText('Fixed here')).toHaveProperty('checked', true);
    const from = screen.getByLabelText('From (pieces), fixed price 1, break 1');
    expect((from as HTMLInputElement).value).toBe('20');
    await waitFor(() => expect(describedBy(from)).toContain('Not on the pack size'));
    // Back to scaled: the own breaks are gone, and the scaled ones are said.
    fireEvent.click(screen.getByLabelText('Scaled from the list prices'));
    expect(screen.queryByLabelText('From (pieces), fixed price 1, break 1')).toBeNull();
    expect(screen.getByTestId('breaks-state').textContent).toBe('Scaled: from 10, $8.91 · from 50, $8.10.');
  });
});
