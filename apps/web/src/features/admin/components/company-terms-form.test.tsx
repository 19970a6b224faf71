import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { CompanyTermsForm } from './company-terms-form';

afterEach(cleanup);

function renderForm(language: 'en' | 'ja' = 'en') {
  const onSave = vi.fn((_terms: unknown) => Promise.resolve());
  render(
    <LanguageContext value={language}>
      <CompanyTermsForm
        now={{ terms: null, currency: null, language: null }}
        submitLabel="Approve"
        pendingLabel="Approving…"
        refused={null}
        onSave={onSave}
      />
    </LanguageContext>,
  );
  return { onSave };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CompanyTermsForm', () => {
  it('refuses a credit limit with decimals in yen, or none; payment is chosen from the month after closing and its day only', async () => {
    const { onSave } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Enter an amount above 0 and at most 10,000,000.')).toBeTruthy();
    type(/^Credit limit \(JPY\)/, '500000.5');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Yen amounts are whole yen, without decimals.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    const months = screen.getByLabelText(/^Payment month/) as HTMLSelectElement;
    expect([...months.options].map((o) => o.text)).toEqual(['The next month', 'The month after next']);
    const days = screen.getByLabelText(/^Payment day/) as HTMLSelectElement;
    expect(days.options).toHaveLength(29);
    expect(days.options[0]?.text).toBe('Month end');
    type(/^Closing day/, '20');
    type(/^Payment month/, '2');
    type(/^Payment day/, '10');
    type(/^Credit limit \(JPY\)/, '500000');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ closingDay: 20, payMonthsAfter: 2, payDay: 10 });
  });

  it('sends 月末締め翌月末払い (month end, the end of the next month) and a whole yen limit as terms by default', async () => {
    const { onSave } = renderForm('ja');
    type(/^与信限度額（JPY）/, '500,000');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      closingDay: 'end',
      payMonthsAfter: 1,
      payDay: 'end',
      creditLimit: 500000,
      currency: 'JPY',
      language: 'ja',
    });
  });

  it('says a dollar limit with more than cents in Japanese', async () => {
    renderForm('ja');
    type(/^通貨/, 'USD');
    type(/^与信限度額（USD）/, '10.123');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('ドルの金額は小数点以下2桁までです。')).toBeTruthy();
  });
});
