import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fetchCall, mockFetch } from '../../../test/fetch-mock';
import { TestCardForm } from './test-card-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderForm(clientSecret: string | undefined, onPaid = vi.fn()) {
  const client = createQueryClient();
  const ui = (secret: string | undefined) => (
    <QueryClientProvider client={client}>
      <TestCardForm clientSecret={secret} amount="$770" onPaid={onPaid} />
    </QueryClientProvider>
  );
  const view = render(ui(clientSecret));
  return { ...view, rerenderWith: (secret: string | undefined) => view.rerender(ui(secret)), onPaid };
}

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '12/34' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
}

const payButton = () => screen.getByRole('button', { name: 'Pay $770' }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('TestCardForm', () => {
  it('is marked as test mode and lists the test cards', () => {
    renderForm('pi_1_secret_x');
    const notice = screen.getByRole('region', { name: 'Test mode' });
    expect(notice.textContent).toContain('4242 4242 4242 4242 succeeds');
    expect(notice.textContent).toContain('4000 0000 0000 0002 is declined');
    expect(notice.textContent).toContain('4000 0000 0000 9995 has insufficient funds');
  });

  it('keeps Pay disabled until the client secret has arrived', () => {
    const { rerenderWith } = renderForm(undefined);
    expect(payButton().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Preparing the payment…');
    rerenderWith('pi_1_secret_x');
    expect(payButton().disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows a declined card's message in red and does not report a payment", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(402, { statusCode: 402, error: 'Payment Required', message: 'Your card was declined.' }),
      ),
    );
    const { onPaid } = renderForm('pi_1_secret_x');
    fillCard('4000 0000 0000 0002');
    fireEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('text-error');
    expect(onPaid).not.toHaveBeenCalled();
    expect(payButton().disabled).toBe(false);
  });

  it('stays disabled while paying, then reports the transaction id', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { onPaid } = renderForm('pi_1_secret_x');
    fillCard('4242 4242 4242 4242');
    fireEvent.click(payButton());
    const busy = (await screen.findByRole('button', { name: 'Paying…' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    const { url, init } = fetchCall(fetchMock);
    expect(url).toBe('/api/test-payments/confirm');
    expect(JSON.parse(String(init.body))).toEqual({
      clientSecret: 'pi_1_secret_x',
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    answer(json(200, { status: 'succeeded', transactionId: 'pi_1' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_1'));
  });

  it('checks the card fields before asking the provider', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm('pi_1_secret_x');
    fireEvent.click(payButton());
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
