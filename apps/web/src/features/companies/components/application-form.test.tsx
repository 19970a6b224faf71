import type { AddressEntry } from '@kanna/shared/address-book';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { ApplicationForm } from './application-form';
import { SpendingLimitForm } from './spending-limit-form';

afterEach(cleanup);

const billing = {
  _id: '6f1c7a52-2a43-4d5e-9b5f-0a6c1d2e3f40',
  label: 'Head office',
  kind: 'billing',
  text: '〒104-0061 東京都 中央区銀座 1-2-3',
} as AddressEntry;

function renderForm(language: 'en' | 'ja' = 'en', entries: AddressEntry[] = [], email = '') {
  const onApply = vi.fn((_body: unknown) => Promise.resolve());
  render(
    <LanguageContext value={language}>
      <ApplicationForm billingEntries={entries} email={email} refused={null} onApply={onApply} />
    </LanguageContext>,
  );
  return { onApply };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ApplicationForm', () => {
  it('says what is missing or wrong under each field, and sends nothing', async () => {
    const { onApply } = renderForm();
    type(/^Registration number/, 'T123');
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText("Enter your company's name.")).toBeTruthy();
    expect(
      screen.getByText('A registration number is T followed by 13 digits, such as T1234567890123.'),
    ).toBeTruthy();
    expect(screen.getByText('Choose a billing address from your address book, or type one.')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a reading that is not katakana and a billing e-mail that is not one', async () => {
    const { onApply } = renderForm('ja');
    type(/^会社名（フリガナ）/, 'やまだ');
    type(/^請求書送付先メールアドレス/, 'not-mail');
    fireEvent.click(screen.getByRole('button', { name: '申し込む' }));
    expect(await screen.findByText('会社名のフリガナは全角カタカナで1行で入力してください。')).toBeTruthy();
    expect(screen.getByText('有効なメールアドレスを入力してください')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('says the same in Japanese', async () => {
    renderForm('ja');
    fireEvent.click(await screen.findByRole('button', { name: '申し込む' }));
    expect(await screen.findByText('会社名を入力してください。')).toBeTruthy();
    expect(screen.getByText('請求先を住所録から選ぶか、入力してください。')).toBeTruthy();
  });

  it('offers the billing address of the address book first, and sends its id', async () => {
    const { onApply } = renderForm('en', [billing], 'taro@yamada.example');
    type(/^Company name(?! in)/, 'Yamada Woodworks');
    type(/^Company name in katakana/, 'ﾔﾏﾀﾞ');
    expect((screen.getByLabelText(/^Billing e-mail/) as HTMLInputElement).value).toBe('taro@yamada.example');
    type(/^Registration number/, 't1234567890123');
    expect(screen.queryByLabelText(/^Billing address\(required\)As it/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({
      name: 'Yamada Woodworks',
      nameKana: 'ﾔﾏﾀﾞ',
      billingAddressId: billing._id,
      billingEmail: 'taro@yamada.example',
    });
    expect(onApply.mock.calls[0]?.[0]).not.toHaveProperty('billingAddress');
  });
});

describe('SpendingLimitForm', () => {
  function renderLimit(currency: 'USD' | 'JPY', language: 'en' | 'ja' = 'en') {
    const onSave = vi.fn((_limit: number | null) => Promise.resolve());
    render(
      <LanguageContext value={language}>
        <SpendingLimitForm
          name="Hanako"
          currency={currency}
          current={null}
          refused={null}
          onSave={onSave}
          onCancel={() => {}}
        />
      </LanguageContext>,
    );
    return { onSave };
  }

  it('refuses yen with decimals, nothing or too much, and says why', async () => {
    const { onSave } = renderLimit('JPY');
    type(/^Spending limit \(JPY\)/, '1000.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Yen amounts are whole yen, without decimals.')).toBeTruthy();
    type(/^Spending limit \(JPY\)/, '10000001');
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Enter an amount above 0 and at most 10,000,000.')).toBeTruthy();
    type(/^Spending limit \(JPY\)/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Enter an amount above 0 and at most 10,000,000.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes dollars with cents (not more), and empty as no limit', async () => {
    const { onSave } = renderLimit('USD', 'ja');
    type(/^利用限度額（USD）/, '10.123');
    fireEvent.click(screen.getByRole('button', { name: '限度額を保存' }));
    expect(await screen.findByText('ドルの金額は小数点以下2桁までです。')).toBeTruthy();
    type(/^利用限度額（USD）/, '2,500.50');
    fireEvent.click(screen.getByRole('button', { name: '限度額を保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(2500.5));
    type(/^利用限度額（USD）/, '');
    fireEvent.click(screen.getByRole('button', { name: '限度額を保存' }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(null));
  });
});
