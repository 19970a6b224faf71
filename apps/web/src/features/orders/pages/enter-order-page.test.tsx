import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { userRecord } from '../../../test/pages';
import { json, publicSettings, renderAt, stubApi, tool } from '../test-utils';
import { EnterOrderPage } from './enter-order-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const hammer = {
  ...tool,
  _id: '0b6f3c52-2d7e-4a19-9a43-7f1e5c2b8d61',
  productName: 'Genno Hammer 375 g',
  sku: 'KN-GEN-375',
  minQuantity: 1,
  perPrice: 42,
};
const buyer = userRecord({
  email: 'hanako@example.com',
  displayName: 'Hanako Sato',
  company: 'Sato Koumuten',
});
const newId = '5e0c1b9a-3f47-4d2e-8a6b-9c1d2e3f4a5b';

/** The shop: two tools on sale, the buyer's account, and `onEnter` for POST /api/orders/entered. */
function shop(
  onEnter: (body: unknown) => Response = () => json(201, { acknowledged: true, insertedId: newId }),
) {
  return stubApi(({ url, method, body }) => {
    if (url.startsWith('/api/handTools?')) return json(200, [tool, hammer]);
    if (url === '/api/settings') return json(200, { ...publicSettings, bankTransfer: true });
    if (url === `/api/users/${encodeURIComponent(buyer.email)}`) return json(200, buyer);
    if (url.startsWith('/api/users/'))
      return json(404, { statusCode: 404, error: 'Not Found', message: 'No such user' });
    if (method === 'POST' && url === '/api/orders/entered') return onEnter(body);
    return undefined;
  });
}

const renderPage = () =>
  renderAt(<EnterOrderPage />, { path: '/dashboard/orders/new', route: '/dashboard/orders/new' });

/** Fills what an order needs: the buyer, one line of the hammer, phone and address. */
async function fillOrder() {
  fireEvent.change(await screen.findByLabelText('Buyer’s e-mail'), {
    target: { value: buyer.email },
  });
  const line = screen.getByRole('group', { name: 'Line 1' });
  fireEvent.change(within(line).getByLabelText('Tool'), { target: { value: hammer._id } });
  fireEvent.change(within(line).getByLabelText('Quantity'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '03-1234-5678' } });
  fireEvent.change(screen.getByLabelText('Address'), {
    target: { value: '〒104-0061 東京都中央区銀座 1-2-3' },
  });
}

describe('EnterOrderPage (admin)', () => {
  it('judges the form before sending: the buyer and a tool are asked for, nothing is sent', async () => {
    const calls = shop();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the order' }));
    const email = screen.getByLabelText('Buyer’s e-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(screen.getByRole('group', { name: 'Line 1' }))
        .getByLabelText('Tool')
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the buyer, the lines and the parties (no prices), then opens the new order with a toast', async () => {
    let sent: unknown;
    shop((body) => {
      sent = body;
      return json(201, { acknowledged: true, insertedId: newId });
    });
    renderPage();
    await fillOrder();
    // The hint names the chosen tool's SKU and list price.
    expect(screen.getByText(/^SKU KN-GEN-375 · List price \$42 a piece/)).toBeTruthy();
    // A second line, then removed again; a third line of the chisel.
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    const second = screen.getByRole('group', { name: 'Line 2' });
    fireEvent.change(within(second).getByLabelText('Tool'), { target: { value: tool._id } });
    fireEvent.change(within(second).getByLabelText('Quantity'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 3' }));
    fireEvent.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
    fireEvent.change(screen.getByLabelText('The buyer’s PO number'), { target: { value: 'PO-7781' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter the order' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/dashboard/orders/${newId}`),
    );
    expect(sent).toEqual({
      buyerEmail: buyer.email,
      lines: [
        { toolId: hammer._id, quantity: 12 },
        { toolId: tool._id, quantity: 20 },
      ],
      // The shared schema's own form of the phone number; empty parties are left out.
      phone: '+81 3 1234 5678',
      address: '〒104-0061 東京都中央区銀座 1-2-3',
      country: 'JP',
      paymentMethod: 'transfer',
      poNumber: 'PO-7781',
    });
    expect(notify).toHaveBeenCalledWith('success', 'Order entered for the buyer.');
  });

  it('enters an order on account for a member of a company with terms, and says a refusal at the payment', async () => {
    let sent: { paymentMethod?: string } | undefined;
    shop((body) => {
      sent = body as { paymentMethod?: string };
      return json(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'validation',
        key: 'onAccountNotAllowed',
        params: [],
        message: 'Some fields are wrong.',
        errors: [{ path: 'paymentMethod', message: 'On account is for members of a company with terms.' }],
      });
    });
    renderPage();
    await fillOrder();
    fireEvent.click(screen.getByRole('radio', { name: /^On account/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enter the order' }));
    expect(await screen.findByText('On account is for members of a company with terms.')).toBeTruthy();
    expect(sent?.paymentMethod).toBe('account');
  });

  it("names the buyer's account once the address is typed, and says when there is none", async () => {
    shop();
    renderPage();
    const email = await screen.findByLabelText('Buyer’s e-mail');
    fireEvent.change(email, { target: { value: buyer.email } });
    fireEvent.blur(email);
    expect(await screen.findByText('Account: Hanako Sato (hanako@example.com)')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.blur(email);
    expect(
      await screen.findByText('No account has this address: ask the buyer to sign up first.'),
    ).toBeTruthy();
  });

  it("starts the delivery from the buyer's profile (phone, address, country), keeping what the admin typed first", async () => {
    const ken = {
      ...buyer,
      email: 'ken@example.com',
      displayName: 'Ken Ito',
      phone: '+1 503 555 0100',
      streetAddress: '12 Alder St',
      city: 'Portland',
      district: 'OR',
      country: 'US',
    };
    stubApi(({ url }) => {
      if (url.startsWith('/api/handTools?')) return json(200, [tool, hammer]);
      if (url === '/api/settings') return json(200, publicSettings);
      if (url === `/api/users/${encodeURIComponent(ken.email)}`) return json(200, ken);
      return undefined;
    });
    renderPage();
    const email = await screen.findByLabelText('Buyer’s e-mail');
    // The admin has already written the phone number the buyer gave on the phone.
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 503 555 0199' } });
    fireEvent.change(email, { target: { value: ken.email } });
    fireEvent.blur(email);
    expect(await screen.findByText('Account: Ken Ito (ken@example.com)')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('12 Alder St, Portland, OR'),
    );
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('+1 503 555 0199');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
  });

  it("shows the server's refusals at their fields and stays on the page", async () => {
    shop(() =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'validation',
        key: 'aboveAvailable',
        params: [],
        message: 'Some fields are wrong.',
        errors: [
          { path: 'buyerEmail', message: 'No account has this e-mail address.' },
          { path: 'lines.0.quantity', message: 'More than is available.' },
          { path: 'paymentMethod', message: 'Above the card limit: bank transfer only.' },
        ],
      }),
    );
    renderPage();
    await fillOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Enter the order' }));
    expect(await screen.findByText('No account has this e-mail address.')).toBeTruthy();
    const quantity = within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Quantity');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('More than is available.')).toBeTruthy();
    expect(screen.getByText('Above the card limit: bank transfer only.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/orders/new');
  });

  it('says a refusal no field is named in above the button', async () => {
    shop(() =>
      json(409, {
        statusCode: 409,
        error: 'Conflict',
        code: 'conflict',
        key: 'tooManyUnpaid',
        params: [],
        message: 'This buyer has too many unpaid orders.',
      }),
    );
    renderPage();
    await fillOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Enter the order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This buyer has too many unpaid orders.');
  });

  it('speaks Japanese', async () => {
    shop();
    renderAt(
      <LanguageContext value="ja">
        <EnterOrderPage />
      </LanguageContext>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '注文の代理入力' })).toBeTruthy();
    expect(await screen.findByLabelText('お客様のメールアドレス')).toBeTruthy();
    expect(screen.getByText('このアドレスで登録済み（確認済み）のアカウントが必要です。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '行を追加' })).toBeTruthy();
    expect(screen.getByLabelText('お客様の発注番号')).toBeTruthy();
    expect(screen.getByRole('button', { name: '注文を入力する' })).toBeTruthy();
  });
});
