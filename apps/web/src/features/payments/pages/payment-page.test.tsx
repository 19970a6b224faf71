import { messages } from '@kanna/shared/domain/messages';
import type { Order } from '@kanna/shared/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { order, shopBank, transferInstructions } from '../../../test/fixtures';
import { PaymentPage } from './payment-page';

vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'taro@example.com', name: 'Taro Yamada', image: null, role: 'user' },
  }),
}));

vi.mock('../components/stripe-card-form', () => ({
  StripeCardForm: (props: { publishableKey: string; clientSecret?: string; amount: string }) => (
    <p>
      Stripe card form {props.publishableKey} {props.clientSecret} {props.amount}
    </p>
  ),
}));

const id = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const unpaid: Order = order({ _id: id, holdUntil: '2099-01-01T00:00:00.000Z' });
const paid: Order = {
  ...unpaid,
  paid: true,
  status: 'paid',
  transactionId: 'pi_test_1',
  paidAt: unpaid.createdAt,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; method: string; body: unknown };
function stubApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

function renderPage(language: 'en' | 'ja' = 'en') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <LanguageContext value={language}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/dashboard/payment/${id}`]}>
          <Routes>
            <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </LanguageContext>,
  );
}

const settings = { google: false, payments: 'test', stripePublishableKey: null };

afterEach(() => vi.unstubAllGlobals());

describe('PaymentPage', () => {
  it('pays in test mode: summary, client secret, card, congrats with the transaction id, then PATCH', async () => {
    let order = unpaid;
    let releaseSecret: () => void = () => {};
    const secretArrived = new Promise<void>((resolve) => (releaseSecret = resolve));
    const calls = stubApi(async ({ url, method }) => {
      if (url === `/api/orders/order/${id}`) return json(200, order);
      if (url === '/api/settings') return json(200, settings);
      if (url === '/api/create-payment-intent') {
        await secretArrived;
        return json(200, { clientSecret: 'pi_test_1_secret_abc' });
      }
      if (url === '/api/test-payments/confirm')
        return json(200, { status: 'succeeded', transactionId: 'pi_test_1' });
      if (url === `/api/order/${id}` && method === 'PATCH') {
        order = paid;
        return json(200, paid);
      }
      throw new Error(`unexpected ${method} ${url}`);
    });
    renderPage();

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary.textContent).toContain('Oire Nomi Bench Chisel 24 mm');
    expect(summary.textContent).toContain('20 pieces');
    expect(summary.textContent).toContain('$770');

    const pay = (await screen.findByRole('button', { name: 'Pay $770' })) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    releaseSecret();
    await waitFor(() => expect(pay.disabled).toBe(false));

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '12/34' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(pay);

    expect(await screen.findByText('congrats! Your Payment is completed')).toBeTruthy();
    expect(screen.getByText('pi_test_1')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'See my orders' })).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toEqual({
      url: `/api/order/${id}`,
      method: 'PATCH',
      body: { order_id: id, transactionId: 'pi_test_1' },
    });
    expect(calls.find((c) => c.url === '/api/create-payment-intent')?.body).toEqual({ orderId: id });
  });

  it('shows an already paid order as paid, without the card form', async () => {
    const calls = stubApi(({ url }) =>
      url === `/api/orders/order/${id}` ? json(200, paid) : json(200, settings),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This order is paid' })).toBeTruthy();
    expect(screen.getByText('pi_test_1')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
  });

  it('asks nothing of an order on account: no card form nor intent, a link to its page instead', async () => {
    const onAccount: Order = { ...unpaid, status: 'on_account', paymentMethod: 'account' };
    const calls = stubApi(({ url }) =>
      url === `/api/orders/order/${id}` ? json(200, onAccount) : json(200, settings),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "This order is on your company's account" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the order' }).getAttribute('href')).toBe(
      `/dashboard/myOrders/${id}`,
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
  });

  it("explains when the order can no longer be paid (the server's reason)", async () => {
    stubApi(({ url }) => {
      if (url === `/api/orders/order/${id}`) return json(200, unpaid);
      if (url === '/api/settings') return json(200, settings);
      return json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'The hold on this order has expired; please order again.',
      });
    });
    renderPage();
    expect(await screen.findByText('The hold on this order has expired; please order again.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('uses Stripe Elements, not the test form, when the shop takes real cards', async () => {
    stubApi(({ url }) => {
      if (url === `/api/orders/order/${id}`) return json(200, unpaid);
      if (url === '/api/settings')
        return json(200, { google: false, payments: 'stripe', stripePublishableKey: 'pk_test_123' });
      return json(200, { clientSecret: 'pi_1_secret_x' });
    });
    renderPage();
    expect(await screen.findByText('Stripe card form pk_test_123 pi_1_secret_x $770')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Test mode' })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });
});

describe('PaymentPage: card or bank transfer', () => {
  const transferSettings = { ...settings, bankTransfer: true, transferHoldDays: 7 };
  const instructions = transferInstructions({ bank: { ...shopBank, swift: '' } });

  it('switches a card order to bank transfer and shows how to pay it, with no card intent', async () => {
    let order: Order = unpaid;
    const calls = stubApi(({ url, method }) => {
      if (url === `/api/orders/order/${id}`) return json(200, order);
      if (url === '/api/settings') return json(200, transferSettings);
      if (url === '/api/create-payment-intent') return json(200, { clientSecret: 'pi_test_1_secret_abc' });
      if (url === `/api/orders/${id}/payment-method` && method === 'PUT') {
        order = { ...unpaid, paymentMethod: 'transfer' };
        return json(200, order);
      }
      if (url === `/api/orders/${id}/transfer`) return json(200, instructions);
      throw new Error(`unexpected ${method} ${url}`);
    });
    renderPage();
    const card = (await screen.findByRole('radio', { name: /Card/ })) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(await screen.findByLabelText('Card number')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    const details = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ paymentMethod: 'transfer' });
    expect(details.textContent).toContain('Mizuho Bank');
    expect(details.textContent).toContain('1234567');
    expect(details.textContent).toContain('K-000123');
    expect(details.textContent).toContain('$770.00');
    expect(screen.queryByText('SWIFT/BIC')).toBeNull();
    const proforma = screen.getByRole('link', { name: 'Pro-forma invoice (PDF)' });
    expect(proforma.getAttribute('href')).toBe(`/api/orders/${id}/documents/proforma.pdf`);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('asks for no card intent for a transfer order, and offers no card once part of it arrived', async () => {
    const partly: Order = { ...unpaid, paymentMethod: 'transfer', amountPaid: 300 };
    const calls = stubApi(({ url }) => {
      if (url === `/api/orders/order/${id}`) return json(200, partly);
      if (url === '/api/settings') return json(200, transferSettings);
      if (url === `/api/orders/${id}/transfer`)
        return json(200, { ...instructions, amountPaid: 300, amountLeft: 470 });
      throw new Error(`unexpected ${url}`);
    });
    renderPage();
    const details = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    expect(details.textContent).toContain('We have received $300.00 of $770.00 so far.');
    expect(details.textContent).toContain('$470.00');
    const card = screen.getByRole('radio', { name: /Card/ }) as HTMLInputElement;
    expect(card.disabled).toBe(true);
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
  });

  it('offers no transfer for a card order with less than half of its hold left, and says why', async () => {
    const hour = 3_600_000;
    const late: Order = {
      ...unpaid,
      createdAt: new Date(Date.now() - 30 * hour).toISOString(),
      holdUntil: new Date(Date.now() + 18 * hour).toISOString(),
    };
    const calls = stubApi(({ url }) => {
      if (url === `/api/orders/order/${id}`) return json(200, late);
      if (url === '/api/settings') return json(200, transferSettings);
      if (url === '/api/create-payment-intent') return json(200, { clientSecret: 'pi_test_1_secret_abc' });
      throw new Error(`unexpected ${url}`);
    });
    renderPage();
    const transfer = (await screen.findByRole('radio', { name: /Bank transfer/ })) as HTMLInputElement;
    expect(transfer.disabled).toBe(true);
    expect(screen.getByText(messages.transferTooLate)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Card/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(transfer);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal of card under the choice", async () => {
    stubApi(({ url, method }) => {
      if (url === `/api/orders/order/${id}`) return json(200, { ...unpaid, paymentMethod: 'transfer' });
      if (url === '/api/settings') return json(200, transferSettings);
      if (url === `/api/orders/${id}/transfer`) return json(200, instructions);
      if (method === 'PUT')
        return json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message:
            'An order of more than $999,999.99 can only be paid by bank transfer: please choose bank transfer.',
        });
      throw new Error(`unexpected ${url}`);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /Card/ }));
    expect(await screen.findByText(/can only be paid by bank transfer/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Bank transfer/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('PaymentPage in Japanese', () => {
  const transferSettings = { ...settings, bankTransfer: true, transferHoldDays: 7, timeZone: 'Asia/Tokyo' };

  it('says the summary, the choice, the test card form and its checks in Japanese', async () => {
    stubApi(({ url }) => {
      if (url === `/api/orders/order/${id}`) return json(200, unpaid);
      if (url === '/api/settings') return json(200, transferSettings);
      if (url === '/api/create-payment-intent') return json(200, { clientSecret: 'pi_test_1_secret_abc' });
      throw new Error(`unexpected ${url}`);
    });
    renderPage('ja');
    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'ご注文内容' });
    expect(summary.textContent).toContain('20個');
    expect(summary.textContent).toContain('1個あたりの価格');
    expect(await screen.findByRole('group', { name: 'お支払い方法をお選びください' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /クレジットカード/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /銀行振込/ })).toBeTruthy();
    const testMode = await screen.findByRole('region', { name: 'テストモード' });
    expect(testMode.textContent).toContain('4242 4242 4242 4242 で決済が成功します');
    const pay = await screen.findByRole('button', { name: '$770 を支払う' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText('カード番号が最後まで入力されていません。')).toBeTruthy();
    expect(screen.getByLabelText('有効期限')).toBeTruthy();
    expect(screen.getByLabelText('セキュリティコード')).toBeTruthy();
  });

  it('shows how to pay by bank transfer in Japanese, its deadline in the shop’s time zone', async () => {
    stubApi(({ url }) => {
      if (url === `/api/orders/order/${id}`) return json(200, { ...unpaid, paymentMethod: 'transfer' });
      if (url === '/api/settings') return json(200, transferSettings);
      if (url === `/api/orders/${id}/transfer`)
        return json(
          200,
          transferInstructions({
            bank: {
              ...shopBank,
              bankName: 'みずほ銀行',
              branch: '蔵前支店',
              accountType: '普通',
              accountHolder: 'カンナツールズ（カ',
            },
            amountPaid: 300,
            amountLeft: 470,
          }),
        );
      throw new Error(`unexpected ${url}`);
    });
    renderPage('ja');
    const details = await screen.findByRole('region', { name: '銀行振込でのお支払い' });
    // Midnight UTC is 9:00 in Tokyo.
    expect(details.textContent).toContain('$470.00を2099年1月8日 9:00までに下記の口座へお振り込みください。');
    expect(details.textContent).toContain('現在までに$770.00のうち$300.00のご入金を確認しております。');
    for (const label of [
      '銀行名',
      '支店名',
      '預金種目',
      '口座番号',
      '口座名義',
      'SWIFT/BICコード',
      '振込参照番号',
    ])
      expect(within(details).getByText(label)).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'プロフォーマ請求書（PDF）' })).toBeTruthy();
  });
});
