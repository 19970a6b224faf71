import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectCart, getCartSnapshot, resetCart } from '../../../lib/cart';
import { LanguageContext } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';
import { storeVisitorCart } from '../../../test/fixtures';
import { CartPage } from './cart-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));
const session = vi.hoisted(() => {
  /** Taro, signed in; his address confirmed unless `emailVerified` says otherwise. */
  const taro = (emailVerified = true) => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'taro@example.com', name: 'Taro', image: null, role: 'user', emailVerified },
  });
  return { taro, current: taro() as { status: string; user: unknown } };
});
vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  useSession: () => session.current,
}));

const base = {
  description: 'd',
  kind: 'chisel' as const,
  img: '/media/x/640.webp',
  srcset: '',
  createdAt: '2024-05-01T00:00:00.000Z',
};
const chisel: Tool = {
  ...base,
  _id: '11111111-1111-4111-8111-111111111111',
  productName: 'Oire Nomi',
  minQuantity: 12,
  maxQuantity: 100,
  perPrice: 9,
  packSize: 1,
  volumePrices: [
    { minQuantity: 24, perPrice: 8 },
    { minQuantity: 48, perPrice: 7.2 },
  ],
};
const hammer: Tool = {
  ...base,
  _id: '22222222-2222-4222-8222-222222222222',
  productName: 'Genno',
  minQuantity: 6,
  maxQuantity: 40,
  perPrice: 20,
  packSize: 6,
  volumePrices: [],
};

const json = (status: number, body: unknown) => Response.json(body, { status });
/** A line of GET /api/cart's answer: `quantity` of a tool at `perPrice`, with no problem. */
const serverLine = (tool: Tool, quantity: number, perPrice: number) => ({
  toolId: tool._id,
  quantity,
  productName: tool.productName,
  perPrice,
  totalPrice: perPrice * quantity,
  problem: null,
});
/** GET /api/cart's answer with these lines. */
const serverCart = (...lines: ReturnType<typeof serverLine>[]) =>
  json(200, { lines, totalPrice: lines.reduce((sum, l) => sum + l.totalPrice, 0) });
/** The shop's minimum order, as GET /api/settings says it (null: none). */
let minimumOrder: number | null = null;
/** The same in whole yen, where the owner set it (null: derived from the dollar one). */
let minimumOrderYen: number | null = null;
/** What GET /api/settings says an order charges besides its goods, and whether transfers are taken. */
const noCharges = { tax: { enabled: false, ratePercent: 10, country: 'JP' }, shippingZones: [] };
let charges: object = noCharges;
/** Tax on deliveries in Japan; Japan at $15 (free from $500) and Korea at $40. */
const japanAndKorea = {
  tax: { enabled: true, ratePercent: 10, country: 'JP' },
  shippingZones: [
    { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 },
    { name: 'Asia', countries: ['KR'], rate: 40, freeFrom: null },
  ],
};
/** The country in the buyer's profile (null: none given). */
let profileCountry: string | null = null;
let bankTransfer = false;
type Call = { method: string; url: string; body: unknown };

function stub(handler: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    if (call.url === `/api/handTools/${chisel._id}`) return json(200, chisel);
    if (call.url === `/api/handTools/${hammer._id}`) return json(200, hammer);
    if (call.url === '/api/settings')
      return json(200, {
        google: false,
        payments: 'test',
        stripePublishableKey: null,
        minimumOrder,
        minimumOrderYen,
        charges,
        bankTransfer,
        transferHoldDays: 7,
      });
    if (call.url === '/api/users/taro%40example.com')
      return json(200, {
        email: 'taro@example.com',
        displayName: 'Taro',
        phone: '03-1234-5678',
        city: 'Tokyo',
        district: 'Chiyoda',
        streetAddress: '1-2-3 Kanda',
        country: profileCountry,
      });
    const answer = handler(call);
    if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
    return answer;
  });
  return calls;
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** `seed` fills the cache first, as screens seen before the cart would have. */
function renderPage(
  seed: (client: QueryClient) => void = () => {},
  language: 'en' | 'ja' = 'en',
  page = <CartPage />,
) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  seed(client);
  render(
    <LanguageContext value={language}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="*" element={page} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </LanguageContext>,
  );
}

const visitorCart = (lines: { toolId: string; quantity: number }[]) => {
  storeVisitorCart(...lines);
  connectCart({ status: 'signed-out', user: null });
};

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

const ORDER_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
/**
 * The server of Taro's checkout: 24 chisels at $8 in his cart, emptied by a PUT, and an order
 * taken; `more` is asked first, for what a test answers otherwise.
 */
/** The lines a PUT /api/cart sent, as the server answers them (every tool priced as the chisel at $8). */
const savedLines = (body: unknown) =>
  ((body as { lines?: { quantity: number }[] } | null)?.lines ?? []).map((l) =>
    serverLine(chisel, l.quantity, 8),
  );

function stubCheckout(more: (call: Call) => Response | undefined = () => undefined) {
  return stub((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.url === '/api/cart' && call.method === 'GET') return serverCart(serverLine(chisel, 24, 8));
    // As the server does: the cart saved is answered back, priced (the chisels at $8). An empty
    // answer here emptied the page when a quantity change's save landed before a test's last check.
    if (call.url === '/api/cart' && call.method === 'PUT') return serverCart(...savedLines(call.body));
    if (call.url === '/api/order' && call.method === 'POST')
      return json(201, { acknowledged: true, insertedId: ORDER_ID });
    return undefined;
  });
}

/** Connects the cart to the signed-in session, as the app does when someone signs in. */
const connectSignedIn = () => act(() => connectCart(session.current as Parameters<typeof connectCart>[0]));

/** What the checkout's summary shows beside `label`. */
const shownAtCheckout = (label: string) =>
  within(screen.getByRole('region', { name: 'Checkout' }))
    .getByText(label)
    .closest('div')
    ?.querySelector('dd')?.textContent;

/** Presses the place-order button once it is enabled; it is found by its name (with the total). */
async function placeOrder(name: string | RegExp) {
  const submit = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  fireEvent.click(submit);
  return submit;
}

/** The body of the order sent, once it is sent. */
async function orderSent(calls: Call[]) {
  await waitFor(() => expect(calls.find((c) => c.url === '/api/order')).toBeDefined());
  return calls.find((c) => c.url === '/api/order')?.body;
}

beforeEach(() => {
  minimumOrder = null;
  minimumOrderYen = null;
  charges = noCharges;
  profileCountry = null;
  bankTransfer = false;
  localStorage.clear();
  resetCart();
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.current = session.taro();
});

describe('CartPage', () => {
  it('says so when the cart is empty', async () => {
    stub(() => undefined);
    visitorCart([]);
    renderPage();
    expect(await screen.findByText(/Your cart is empty/)).toBeTruthy();
  });

  it('reads each tool again when it opens: a tool seen a moment ago elsewhere shows what is left now', async () => {
    const calls = stub(() => undefined);
    session.current = { status: 'signed-out', user: null };
    visitorCart([{ toolId: chisel._id, quantity: 20 }]);
    // The purchase page read the chisel just now, when only 10 were left; 100 are available since.
    renderPage((client) =>
      client.setQueryData(queryKeys.tools.detail(chisel._id), { ...chisel, maxQuantity: 10 }),
    );
    const row = within(await waitFor(() => rowOf('Oire Nomi')));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(`/api/handTools/${chisel._id}`));
    await waitFor(() => expect(row.queryByText(messages.onlyLeft(10))).toBeNull());
    expect(row.getByText('$180')).toBeTruthy();
  });

  it('prices each line at its volume price, says what the next break saves, and changes with the quantity', async () => {
    stub(() => undefined);
    session.current = { status: 'signed-out', user: null };
    visitorCart([
      { toolId: chisel._id, quantity: 20 },
      { toolId: hammer._id, quantity: 12 },
    ]);
    renderPage();
    const row = within(await waitFor(() => rowOf('Oire Nomi')));
    expect(row.getByText('$9')).toBeTruthy();
    expect(row.getByText('$180')).toBeTruthy();
    expect(row.getByText('Order 4 more for $8 each')).toBeTruthy();
    // 20 × $9 + 12 × $20
    expect(screen.getByText('$420')).toBeTruthy();

    const quantity = row.getByRole('spinbutton', { name: 'Quantity of Oire Nomi' });
    fireEvent.change(quantity, { target: { value: '48' } });
    fireEvent.blur(quantity);
    expect(await row.findByText('$7.20')).toBeTruthy();
    expect(row.getByText('$345.60')).toBeTruthy();
    expect(getCartSnapshot().items[0]).toEqual({ toolId: chisel._id, quantity: 48 });

    // The hammer is sold in packs of 6: + moves by 6, a typed 13 becomes 18.
    const hammerRow = within(rowOf('Genno'));
    fireEvent.click(hammerRow.getByRole('button', { name: 'Increase quantity of Genno' }));
    expect(getCartSnapshot().items[1]?.quantity).toBe(18);
    const hammerQuantity = hammerRow.getByRole('spinbutton', { name: 'Quantity of Genno' });
    fireEvent.change(hammerQuantity, { target: { value: '19' } });
    fireEvent.blur(hammerQuantity);
    expect(getCartSnapshot().items[1]?.quantity).toBe(24);
    expect(hammerRow.getByText(messages.packSize(6))).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Sign in to check out' })).toBeTruthy();
  });

  it('steps a quantity off the pack size back onto it, as the purchase page does', async () => {
    stub(() => undefined);
    session.current = { status: 'signed-out', user: null };
    // 13 Genno from before the hammer was sold in packs of 6.
    visitorCart([{ toolId: hammer._id, quantity: 13 }]);
    renderPage();
    const row = within(await waitFor(() => rowOf('Genno')));
    expect(row.getByText(messages.packSize(6))).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Decrease quantity of Genno' }));
    expect(getCartSnapshot().items[0]?.quantity).toBe(12);
    fireEvent.click(row.getByRole('button', { name: 'Increase quantity of Genno' }));
    expect(getCartSnapshot().items[0]?.quantity).toBe(18);
  });

  it('checks out every line as one order, then empties the cart and opens the payment', async () => {
    let saved: unknown[] = [];
    const calls = stubCheckout(({ method, url, body }) => {
      if (url === '/api/cart' && method === 'PUT') saved = (body as { lines: unknown[] }).lines;
      return undefined;
    });
    connectSignedIn();
    renderPage();
    const phone = (await screen.findByLabelText('Phone')) as HTMLInputElement;
    expect(phone.value).toBe('03-1234-5678');
    expect((screen.getByLabelText('Address') as HTMLTextAreaElement).value).toBe(
      '1-2-3 Kanda, Tokyo, Chiyoda',
    );
    await placeOrder('Place order · $192');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/dashboard/payment/${ORDER_ID}`),
    );
    expect(calls.find((c) => c.url === '/api/order')?.body).toEqual({
      lines: [{ toolId: chisel._id, quantity: 24 }],
      phone: '+81 3 1234 5678',
      address: '1-2-3 Kanda, Tokyo, Chiyoda',
      country: 'JP',
      paymentMethod: 'card',
      totalPrice: 192,
      currency: 'USD',
    });
    expect(notify).toHaveBeenCalledWith('success', messages.orderPlaced);
    await waitFor(() => expect(saved).toEqual([]));
    expect(getCartSnapshot().items).toEqual([]);
  });

  it('shows shipping and tax for the country chosen before the buyer commits, and sends the country and method', async () => {
    charges = japanAndKorea;
    bankTransfer = true;
    const calls = stubCheckout();
    connectSignedIn();
    renderPage();
    // Japan: $192 + $15 shipping, 10 % tax on both = $20.70.
    await screen.findByRole('button', { name: 'Place order · $227.70' });
    expect(shownAtCheckout('Goods')).toBe('$192');
    expect(shownAtCheckout('Shipping')).toBe('$15');
    expect(shownAtCheckout('Tax (10%)')).toBe('$20.70');
    expect(shownAtCheckout('Total due')).toBe('$227.70');
    // Only the countries the shop ships to are offered.
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toEqual(['JP', 'KR']);
    fireEvent.change(country, { target: { value: 'KR' } });
    await screen.findByRole('button', { name: 'Place order · $232' });
    expect(shownAtCheckout('Tax')).toBe('Export — tax exempt');
    expect(shownAtCheckout('Shipping')).toBe('$40');
    fireEvent.click(screen.getByLabelText(/Bank transfer/));
    await placeOrder('Place order · $232');
    expect(await orderSent(calls)).toMatchObject({
      country: 'KR',
      paymentMethod: 'transfer',
      totalPrice: 192,
    });
  });

  it('prices a delivery to Japan in yen when the shop prices Japan in yen, and sends the yen total', async () => {
    charges = { ...japanAndKorea, yenCountries: ['JP'], yenPerDollar: 150 };
    const calls = stubCheckout();
    connectSignedIn();
    renderPage();
    // 24 chisels at $8 (¥1,200 at ¥150) = ¥28,800; shipping $15 = ¥2,250; 10 % tax on both = ¥3,105.
    await screen.findByRole('button', { name: 'Place order · ¥34,155' });
    expect(shownAtCheckout('Goods')).toBe('¥28,800');
    expect(shownAtCheckout('Shipping')).toBe('¥2,250');
    expect(shownAtCheckout('Tax (10%)')).toBe('¥3,105');
    expect(screen.getByRole('table').textContent).toContain('¥1,200');
    // Abroad the same cart is dollars again.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'KR' } });
    await screen.findByRole('button', { name: 'Place order · $232' });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'JP' } });
    await placeOrder('Place order · ¥34,155');
    expect(await orderSent(calls)).toMatchObject({
      country: 'JP',
      totalPrice: 28_800,
      currency: 'JPY',
    });
  });

  it('charges a delivery to Japan the shipping and minimum the owner set in yen, not the dollar ones at the rate', async () => {
    charges = {
      ...japanAndKorea,
      shippingZones: [
        { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500, rateYen: 1_500, freeFromYen: 30_000 },
        { name: 'Asia', countries: ['KR'], rate: 40, freeFrom: null, rateYen: null, freeFromYen: null },
      ],
      yenCountries: ['JP'],
      yenPerDollar: 150,
    };
    // $250 would be ¥37,500 at the rate; the owner's ¥30,000 applies.
    minimumOrder = 250;
    minimumOrderYen = 30_000;
    stubCheckout();
    connectSignedIn();
    renderPage();
    // 24 × ¥1,200 = ¥28,800: ¥1,200 short of the yen minimum; shipping ¥1,500 (not $15 = ¥2,250).
    expect(await screen.findByText(messages.belowMinimumOrderYen(30_000, 1_200))).toBeTruthy();
    await screen.findByRole('button', { name: 'Place order · ¥33,330' });
    expect(shownAtCheckout('Shipping')).toBe('¥1,500');
    // 25 × ¥1,200 = ¥30,000: the minimum met, and shipping free from the yen amount.
    const quantity = within(rowOf('Oire Nomi')).getByRole('spinbutton', { name: 'Quantity of Oire Nomi' });
    fireEvent.change(quantity, { target: { value: '25' } });
    fireEvent.blur(quantity);
    const enabled = (await screen.findByRole('button', {
      name: 'Place order · ¥33,000',
    })) as HTMLButtonElement;
    await waitFor(() => expect(enabled.disabled).toBe(false));
    expect(shownAtCheckout('Shipping')).toBe('Free');
    expect(screen.queryByText(/The minimum order is/)).toBeNull();
  });

  it('saves the address typed to the address book once the order is placed, when the buyer asks', async () => {
    const calls = stubCheckout(({ method, url }) => {
      if (url === '/api/address-book' && method === 'GET') return json(200, []);
      if (url === '/api/address-book' && method === 'POST') return json(201, {});
      return undefined;
    });
    connectSignedIn();
    renderPage();
    const address = (await screen.findByLabelText('Address')) as HTMLTextAreaElement;
    fireEvent.change(address, { target: { value: '〒104-0061 東京都中央区銀座 4-5-6' } });
    fireEvent.click(screen.getByLabelText('Keep this delivery for next time'));
    await placeOrder('Place order · $192');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toMatch(/^\/dashboard\/payment\//),
    );
    const order = calls.findIndex((c) => c.url === '/api/order');
    const saved = calls.findIndex((c) => c.url === '/api/address-book' && c.method === 'POST');
    expect(order).toBeGreaterThanOrEqual(0);
    expect(saved).toBeGreaterThan(order);
    expect(calls[saved]?.body).toMatchObject({
      kind: 'delivery',
      recipient: 'Taro',
      country: 'JP',
      postalCode: '104-0061',
      prefecture: '東京都',
      city: '中央区銀座',
      street: '4-5-6',
    });
  });

  it("starts the checkout from the profile's country", async () => {
    charges = japanAndKorea;
    profileCountry = 'KR';
    stub(({ method, url }) =>
      url === '/api/cart' && method === 'GET' ? serverCart(serverLine(chisel, 24, 8)) : undefined,
    );
    connectSignedIn();
    renderPage();
    // Korea: $192 + $40 shipping, no tax.
    await screen.findByRole('button', { name: 'Place order · $232' });
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('KR');
    expect(
      within(screen.getByRole('region', { name: 'Checkout' })).getByText('Export — tax exempt'),
    ).toBeTruthy();
  });

  it('for Japan asks the postal code first and fills the prefecture, city and town into the address', async () => {
    stub(({ method, url }) => {
      if (url === '/api/cart' && method === 'GET') return serverCart(serverLine(chisel, 24, 8));
      if (url === '/api/postal-codes/1040061')
        return json(200, {
          postalCode: '104-0061',
          places: [{ prefecture: '東京都', city: '中央区', town: '銀座' }],
        });
      if (url === '/api/postal-codes/0000000')
        return json(404, { statusCode: 404, error: 'Not Found', message: 'x' });
      return undefined;
    });
    connectSignedIn();
    renderPage();
    const postal = await screen.findByLabelText('Postal code');
    const address = screen.getByLabelText('Address') as HTMLTextAreaElement;
    fireEvent.change(address, { target: { value: '' } });
    fireEvent.change(postal, { target: { value: '104-0061' } });
    await waitFor(() => expect(address.value).toBe('〒104-0061 東京都中央区銀座 '));
    expect(document.activeElement).toBe(address);
    // The street typed after it stays when the code is corrected.
    fireEvent.change(address, { target: { value: '〒104-0061 東京都中央区銀座 4-5-6' } });
    fireEvent.change(postal, { target: { value: '0000000' } });
    expect(await screen.findByText('No address has this postal code: please check it.')).toBeTruthy();
    expect(address.value).toBe('〒104-0061 東京都中央区銀座 4-5-6');
  });

  it.each([
    ['en', 'Country', 'Address', /^Place order/],
    ['ja', '国', '住所', /^注文を確定する/],
  ] as const)(
    '(%s) refuses an address in Japan sent to another country, saying why at the country, before anything is sent',
    async (language, countryLabel, addressLabel, place) => {
      charges = japanAndKorea;
      const calls = stub(({ method, url }) => {
        if (url === '/api/cart' && method === 'GET') return serverCart(serverLine(chisel, 24, 8));
        return undefined;
      });
      connectSignedIn();
      renderPage(undefined, language);
      const submit = await screen.findByRole('button', { name: place });
      const country = screen.getByLabelText(countryLabel) as HTMLSelectElement;
      await waitFor(() => expect(country.value).toBe('JP'));
      fireEvent.change(country, { target: { value: 'KR' } });
      fireEvent.change(screen.getByLabelText(addressLabel), {
        target: { value: '〒104-0061 東京都中央区銀座 4-5-6' },
      });
      await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(submit);
      const said = language === 'en' ? messages.addressInJapan : messagesJa.addressInJapan;
      expect(await screen.findByText(said)).toBeTruthy();
      expect(country.getAttribute('aria-invalid')).toBe('true');
      expect(calls.find((c) => c.url === '/api/order')).toBeUndefined();
    },
  );

  it("shows each refused line's problem at that line; nothing is reserved", async () => {
    stub(({ method, url }) => {
      if (url === '/api/cart' && method === 'GET')
        return serverCart(serverLine(chisel, 24, 8), serverLine(hammer, 12, 20));
      if (url === '/api/order' && method === 'POST')
        return json(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'only 6 left',
          errors: [{ path: 'lines.1.quantity', message: 'only 6 left' }],
        });
      return undefined;
    });
    connectSignedIn();
    renderPage();
    await placeOrder('Place order · $432');
    expect(await within(rowOf('Genno')).findByText('only 6 left')).toBeTruthy();
    expect(within(rowOf('Oire Nomi')).queryByText('only 6 left')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/Nothing was reserved/);
    expect(notify).toHaveBeenCalledWith('error', messages.orderFailed);
    expect(screen.getByTestId('location').textContent).toBe('/cart');
  });

  it('says what is missing to reach the minimum order before checkout, and lets the buyer check out once reached', async () => {
    minimumOrder = 250;
    stubCheckout();
    connectSignedIn();
    renderPage();
    // $192 of goods against a $250 minimum: $58 missing, in the words the server refuses with.
    const missing = await screen.findByText(messages.belowMinimumOrder(250, 58));
    expect(missing.closest('[role="status"]')).toBeTruthy();
    const submit = (await screen.findByRole('button', { name: 'Place order · $192' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Add more to reach the minimum order (above) to check out.')).toBeTruthy();

    const quantity = within(rowOf('Oire Nomi')).getByRole('spinbutton', { name: 'Quantity of Oire Nomi' });
    fireEvent.change(quantity, { target: { value: '48' } });
    fireEvent.blur(quantity);
    const enabled = (await screen.findByRole('button', {
      name: 'Place order · $345.60',
    })) as HTMLButtonElement;
    await waitFor(() => expect(enabled.disabled).toBe(false));
    expect(screen.queryByText(/The minimum order is/)).toBeNull();
  });

  it('reads the minimum again when the server refuses an order below a minimum this page did not know', async () => {
    stubCheckout(({ url, method }) => {
      if (url === '/api/order' && method === 'POST') {
        // The owner set a minimum after this page read the settings.
        minimumOrder = 250;
        const message = messages.belowMinimumOrder(250, 58);
        return json(400, { statusCode: 400, error: 'Bad Request', message });
      }
      return undefined;
    });
    connectSignedIn();
    renderPage();
    const submit = await placeOrder('Place order · $192');
    // The refusal in the form, and the same words where the cart says what is missing.
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      messages.belowMinimumOrder(250, 58),
    );
    const status = await screen.findByText(messages.belowMinimumOrder(250, 58), {
      selector: '[role="status"] p',
    });
    expect(status).toBeTruthy();
    await waitFor(() => expect(submit.disabled).toBe(true));
  });

  it("gives what the app adds under the checkout (the request for a quote) the cart's lines, for a confirmed buyer only", async () => {
    stub(({ url }) => (url === '/api/cart' ? serverCart(serverLine(hammer, 12, 20)) : undefined));
    connectSignedIn();
    const extra = (lines: readonly { toolId: string; quantity: number }[]) => (
      <output data-testid="extra">{JSON.stringify(lines)}</output>
    );
    renderPage(undefined, 'en', <CartPage extra={extra} />);
    expect((await screen.findByTestId('extra')).textContent).toBe(
      JSON.stringify([{ toolId: hammer._id, quantity: 12 }]),
    );
  });

  it('asks a buyer whose e-mail is not confirmed to confirm it first, offering nothing else to send', async () => {
    session.current = session.taro(false);
    stub(({ url }) => (url === '/api/cart' ? serverCart(serverLine(hammer, 12, 20)) : undefined));
    connectSignedIn();
    renderPage(undefined, 'en', <CartPage extra={() => <output data-testid="extra" />} />);
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place order/ })).toBeNull();
    expect(screen.queryByTestId('extra')).toBeNull();
  });
});

describe('CartPage in Japanese', () => {
  it('says the lines, the totals, the countries and the checkout in Japanese; the postal code fills the address', async () => {
    charges = {
      tax: { enabled: true, ratePercent: 10, country: 'JP' },
      shippingZones: [
        { name: 'Japan', countries: ['JP'], rate: 12, freeFrom: null },
        { name: 'Europe', countries: ['DE', 'FR'], rate: 40, freeFrom: null },
      ],
    };
    stub(({ method, url }) => {
      if (url === '/api/cart' && method === 'GET') return serverCart(serverLine(chisel, 12, 9));
      if (url === '/api/postal-codes/1040061')
        return json(200, {
          postalCode: '104-0061',
          places: [{ prefecture: '東京都', city: '中央区', town: '銀座' }],
        });
      return undefined;
    });
    connectSignedIn();
    renderPage(undefined, 'ja');

    expect(await screen.findByRole('heading', { level: 1, name: 'カート' })).toBeTruthy();
    const row = within(await waitFor(() => rowOf('Oire Nomi')));
    expect(row.getByText('あと12個のご注文で1個 $8')).toBeTruthy();
    expect(row.getByRole('button', { name: '削除 Oire Nomi' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '1個あたりの価格' })).toBeTruthy();
    // 12 × $9 = $108, shipping $12, tax 10% of both: $132.
    const checkout = within(screen.getByRole('region', { name: 'ご注文手続き' }));
    expect(checkout.getByText('工具1点')).toBeTruthy();
    expect(checkout.getByText('12個')).toBeTruthy();
    expect(checkout.getByText('小計')).toBeTruthy();
    expect(checkout.getByText('送料')).toBeTruthy();
    expect(checkout.getByText('消費税（10%）')).toBeTruthy();
    expect(checkout.getByText('お支払い合計')).toBeTruthy();
    // Japan, the shop's own country, first; the others by their Japanese names, in the Japanese
    // collation (kana before kanji).
    const country = (await screen.findByRole('combobox', { name: '国' })) as HTMLSelectElement;
    await waitFor(() => expect(country.selectedOptions[0]?.textContent).toBe('日本'));
    expect([...country.options].map((o) => o.textContent)).toEqual(['日本', 'ドイツ', 'フランス']);
    expect(screen.getByRole('button', { name: '注文を確定する · $132' })).toBeTruthy();
    expect(screen.getByLabelText('電話番号')).toBeTruthy();

    const address = screen.getByLabelText('住所') as HTMLTextAreaElement;
    fireEvent.change(address, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('郵便番号'), { target: { value: '1040061' } });
    await waitFor(() => expect(address.value).toBe('〒104-0061 東京都中央区銀座 '));
    expect(screen.getByText('東京都中央区銀座：続けて番地と建物名をご入力ください。')).toBeTruthy();
  });
});
