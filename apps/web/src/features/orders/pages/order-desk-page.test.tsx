import { messages } from '@kanna/shared/domain/messages';
import type { OrderDesk } from '@kanna/shared/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { apiError, json, order, publicSettings, renderAt, stubApi } from '../test-utils';
import { AdminOrderPage, MyOrderPage } from './order-desk-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

const id = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const url = `/api/orders/${id}`;

/** A paid order (with a test card) as GET /api/orders/{id} answers an admin. */
const desk = (overrides: Partial<OrderDesk> = {}): OrderDesk => ({
  ...order({
    status: 'paid',
    paid: true,
    transactionId: 'pi_test_0123',
    paidAt: '2025-05-01T01:00:00.000Z',
    testPayment: true,
    address: '1-2-3 Kanda\nChiyoda-ku, Tokyo',
  }),
  buyer: { name: 'Taro Yamada', email: 'taro@example.com', phone: '03-1234-5678' },
  payments: [
    {
      method: 'card',
      amount: 770,
      status: 'succeeded',
      transactionId: 'pi_test_0123',
      test: true,
      at: '2025-05-01T01:00:00.000Z',
    },
  ],
  events: [
    { at: '2025-05-01T00:00:00.000Z', type: 'placed', by: 'buyer', note: null },
    { at: '2025-05-01T01:00:00.000Z', type: 'paid', by: 'shop', note: null },
    { at: '2025-05-01T02:00:00.000Z', type: 'note', by: 'Mina Admin', note: 'Wants it before Friday.' },
  ],
  notes: [{ at: '2025-05-01T02:00:00.000Z', by: 'Mina Admin', text: 'Wants it before Friday.' }],
  ...overrides,
});

/** What the buyer gets: no notes key, no note events. */
const forBuyer = (o: OrderDesk): OrderDesk => {
  const { notes: _notes, ...rest } = o;
  return { ...rest, events: o.events.filter((e) => e.type !== 'note') };
};

const adminPage = () =>
  renderAt(<AdminOrderPage />, { path: `/dashboard/orders/${id}`, route: '/dashboard/orders/:id' });
const buyerPage = () =>
  renderAt(<MyOrderPage />, { path: `/dashboard/myOrders/${id}`, route: '/dashboard/myOrders/:id' });

const section = (name: string) => screen.getByRole('region', { name });
/** The state as the heading says it (after the words "State:" read to screen readers). */
const stateShown = () => screen.getByText('State:').parentElement?.querySelector('.badge')?.textContent;

/**
 * The server of an order that one write moves: GET answers `before` until `method` reaches
 * `path`, which answers `after`, and GET answers `after` from then on.
 */
function stubMove(before: OrderDesk, method: string, path: string, after: OrderDesk) {
  let current = before;
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === url) return json(200, current);
    if (call.method === method && call.url === path) {
      current = after;
      return json(200, current);
    }
    return undefined;
  });
}

/** The order unpaid (no payment, not a test), as the buyer sees it. */
const unpaidForBuyer = (over: Partial<OrderDesk> = {}) =>
  forBuyer(desk({ status: 'unpaid', paid: false, paidAt: null, payments: [], testPayment: false, ...over }));

/** The buyer's order `start`, which the buyer's DELETE cancels (GET answers it cancelled from then on). */
function stubBuyerCancel(start: OrderDesk) {
  let current = start;
  return stubApi((call) => {
    if (call.method === 'GET') return json(200, current);
    if (call.method === 'DELETE' && call.url === `/api/order/${id}`) {
      current = { ...current, status: 'cancelled', cancelledAt: '2025-05-02T00:00:00.000Z' };
      return json(200, { acknowledged: true, deletedCount: 1 });
    }
    return undefined;
  });
}

/** The admin opens Cancel order, gives `reason` and says yes to cancel and refund: the dialog. */
async function cancelAsAdmin(reason: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel order K-000123?' });
  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
  return dialog;
}

/** The buyer cancels from the page, saying yes in the dialog. */
function cancelAsBuyer() {
  fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel order K-000123?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
}

/** The paid order, with the server answering its shipping with `answer`. */
const stubShipping = (answer: Response) =>
  stubApi((call) => {
    if (call.method === 'GET') return json(200, desk());
    if (call.method === 'PATCH') return answer;
    return undefined;
  });

/** The bodies the shipping sent, once the page has said the order shipped. */
async function shippedWith(calls: { method: string; body: unknown }[]) {
  await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.orderShipped));
  return calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
}

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('the order page (admin)', () => {
  it('shows the whole order: number, state, buyer, address, lines, payments, history and notes', async () => {
    stubApi((call) => (call.url === url ? json(200, desk()) : undefined));
    adminPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order K-000123' })).toBeTruthy();
    expect(stateShown()).toBe('Pending');

    const buyer = within(section('Buyer'));
    expect(buyer.getByText('Taro Yamada')).toBeTruthy();
    expect(buyer.getByRole('link', { name: 'taro@example.com' }).getAttribute('href')).toBe(
      'mailto:taro@example.com',
    );
    expect(buyer.getByRole('link', { name: '03-1234-5678' }).getAttribute('href')).toBe('tel:0312345678');

    expect(section('Delivery address').querySelector('address')?.textContent).toBe(
      '1-2-3 Kanda\nChiyoda-ku, Tokyo',
    );

    const line = within(section('Lines')).getByRole('row', { name: /Oire Nomi Bench Chisel 24 mm/ });
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20', '$38.50', '$770.00']);

    const payments = within(section('Payments'));
    expect(payments.getByText('pi_test_0123')).toBeTruthy();
    expect(payments.getByText('test')).toBeTruthy();

    const history = within(section('History'))
      .getAllByRole('listitem')
      .map((li) => {
        const time = li.querySelector('time');
        return [time?.getAttribute('datetime'), li.textContent?.replace(time?.textContent ?? '', '')];
      });
    expect(history).toEqual([
      ['2025-05-01T00:00:00.000Z', 'Placed, by the buyer'],
      ['2025-05-01T01:00:00.000Z', 'Paid, by the shop'],
      ['2025-05-01T02:00:00.000Z', 'Note, by Mina AdminWants it before Friday.'],
    ]);

    expect(within(section('Internal notes')).getByText('Wants it before Friday.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ship' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    // Back to the list it came from.
    expect(screen.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe(
      '/dashboard/allOrders',
    );
  });

  it('ships with the carrier and tracking number, says the buyer is e-mailed, and then shows the tracking', async () => {
    const calls = stubMove(
      desk(),
      'PATCH',
      `/api/order/${id}/ship`,
      desk({
        status: 'shipped',
        shippedAt: '2025-05-02T00:00:00.000Z',
        carrier: 'Yamato',
        trackingNumber: '4455-6677-8899',
      }),
    );
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order K-000123?' });
    expect(within(dialog).getByText(/Taro Yamada is e-mailed/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'Yamato' } });
    fireEvent.change(within(dialog).getByLabelText('Tracking number'), {
      target: { value: '4455-6677-8899' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark shipped' }));

    expect(await shippedWith(calls)).toEqual([{ carrier: 'Yamato', trackingNumber: '4455-6677-8899' }]);
    const tracking = within(await screen.findByRole('region', { name: 'Tracking' }));
    expect(tracking.getByText('Yamato')).toBeTruthy();
    expect(tracking.getByText('4455-6677-8899')).toBeTruthy();
    expect(stateShown()).toBe('Shipped');
    // The Ship button is gone: the keyboard goes on from the heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    // Shipped: nothing left to do.
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('offers Yamato, Sagawa and Japan Post to pick, and still takes another carrier typed', async () => {
    const calls = stubShipping(json(200, desk({ status: 'shipped' })));
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ship order K-000123?' }));
    const common = within(dialog.getByRole('group', { name: 'Often used' }));
    expect(common.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Yamato Transport',
      'Sagawa Express',
      'Japan Post',
    ]);
    const carrier = dialog.getByLabelText('Carrier') as HTMLInputElement;
    fireEvent.click(common.getByRole('button', { name: 'Japan Post' }));
    expect(carrier.value).toBe('Japan Post');
    fireEvent.change(carrier, { target: { value: 'Seino Transportation' } });
    expect(common.getByRole('button', { name: 'Japan Post' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(common.getByRole('button', { name: 'Yamato Transport' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, mark shipped' }));
    expect(await shippedWith(calls)).toEqual([{ carrier: 'Yamato Transport' }]);
  });

  it('links a known carrier’s tracking page from the Tracking section, naming the carrier in the page’s language', async () => {
    stubApi(() =>
      json(
        200,
        desk({
          status: 'shipped',
          shippedAt: '2025-05-02T00:00:00.000Z',
          carrier: 'ヤマト運輸',
          trackingNumber: '4455-6677-8899',
        }),
      ),
    );
    adminPage();
    const tracking = within(await screen.findByRole('region', { name: 'Tracking' }));
    expect(tracking.getByText('Yamato Transport')).toBeTruthy();
    expect(
      tracking.getByRole('link', { name: 'Track the parcel on the carrier’s site' }).getAttribute('href'),
    ).toBe('https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=445566778899');
  });

  it('ships with no body when both fields are left empty', async () => {
    const calls = stubShipping(json(200, desk({ status: 'shipped' })));
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, mark shipped' }));
    expect(await shippedWith(calls)).toEqual([undefined]);
  });

  it('shows the server refusing to ship in the dialog, which stays open', async () => {
    stubShipping(apiError(409, messages.onlyPaidShips));
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order K-000123?' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.onlyPaidShips);
    expect(notify).not.toHaveBeenCalled();
  });

  it('refuses a tracking number with a tab in it before sending anything', async () => {
    const calls = stubApi((call) => (call.method === 'GET' ? json(200, desk()) : undefined));
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: '4455\t6677' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, mark shipped' }));
    expect(await screen.findByText(messages.trackingInvalid('tracking number', 64))).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('cancelling a paid order says how much is refunded, needs the reason, and then shows "Cancelled — refunded"', async () => {
    const calls = stubMove(
      desk({ testPayment: false, payments: desk().payments.map((p) => ({ ...p, test: false })) }),
      'POST',
      `/api/orders/${id}/cancel`,
      desk({
        status: 'cancelled',
        cancelledAt: '2025-05-02T00:00:00.000Z',
        cancelReason: 'Out of stock at the smith',
        refundedAt: '2025-05-02T00:00:00.000Z',
        refundAmount: 770,
      }),
    );
    adminPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order K-000123?' });
    expect(dialog.textContent).toContain(
      "$770.00 will be refunded to the buyer's card and the stock returned.",
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep order' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    expect(within(dialog).getByText(messages.cancelReasonRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Out of stock at the smith' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    expect(await screen.findByText('Cancelled — refunded $770.00')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Out of stock at the smith' },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'Order K-000123 was cancelled and $770.00 refunded.');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
  });

  it('cancelling an unpaid order says the stock returns to sale, and no refund', async () => {
    stubApi((call) =>
      call.method === 'GET'
        ? json(
            200,
            desk({ status: 'unpaid', paid: false, transactionId: null, testPayment: false, payments: [] }),
          )
        : undefined,
    );
    adminPage();
    expect(await screen.findByText('unpaid')).toBeTruthy();
    expect(screen.getByText(/The pieces are held for the buyer until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order K-000123?' });
    expect(dialog.textContent).toContain('the stock returns to sale');
    expect(dialog.textContent).not.toContain('refund');
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel order' })).toBeTruthy();
  });

  it('shows the server refusing to cancel (a shipped order) in the dialog', async () => {
    stubApi((call) => {
      if (call.method === 'GET') return json(200, desk());
      if (call.method === 'POST') return apiError(409, messages.shippedCannotCancel);
      return undefined;
    });
    adminPage();
    const dialog = await cancelAsAdmin('Duplicate order');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.shippedCannotCancel);
  });

  it('keeps the dialog when the refund fails after the cancel, and makes the refund when asked again', async () => {
    const paid = desk({ testPayment: false });
    const owed = desk({
      status: 'cancelled',
      cancelledAt: '2025-05-02T00:00:00.000Z',
      cancelReason: 'Duplicate order',
    });
    let current = paid;
    let refundWorks = false;
    const calls = stubApi((call) => {
      if (call.method === 'GET') return json(200, current);
      if (call.method === 'POST') {
        if (!refundWorks) {
          current = owed;
          return apiError(409, messages.refundFailed);
        }
        current = { ...owed, refundedAt: '2025-05-02T01:00:00.000Z', refundAmount: 770 };
        return json(200, current);
      }
      return undefined;
    });
    adminPage();
    await cancelAsAdmin('Duplicate order');
    // The order reloads as cancelled with its refund owed; the dialog stays, with the server's words.
    let dialog = await screen.findByRole('dialog', { name: 'Refund order K-000123?' });
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.refundFailed);
    expect(stateShown()).toBe('Cancelled — refund pending');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));

    refundWorks = true;
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order (its refund is still owed)' }));
    dialog = screen.getByRole('dialog', { name: 'Refund order K-000123?' });
    expect(dialog.textContent).toContain("$770.00 will be refunded to the buyer's card now");
    // The reason it was cancelled for goes with the refund.
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Duplicate order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(stateShown()).toBe('Cancelled — refunded $770.00'));
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('adds a note, counting its characters, and shows it once the order loads again', async () => {
    let current = desk({ notes: [] });
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.url === url) return json(200, current);
      if (call.method === 'POST' && call.url === `/api/orders/${id}/notes`) {
        const note = { at: '2025-05-03T00:00:00.000Z', by: 'Mina Admin', text: 'Called the buyer.' };
        current = desk({ notes: [note] });
        return json(201, note);
      }
      return undefined;
    });
    adminPage();
    const notes = within(await screen.findByRole('region', { name: 'Internal notes' }));
    expect(notes.getByText('No notes yet.')).toBeTruthy();
    const field = notes.getByLabelText('Note');
    fireEvent.change(field, { target: { value: 'Called the buyer.' } });
    expect(notes.getByText('17 / 2,000 characters')).toBeTruthy();
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    expect(await notes.findByText('Called the buyer.', { selector: 'p' })).toBeTruthy();
    expect(notes.getByRole('status').textContent).toBe('Note added.');
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { text: 'Called the buyer.' },
    ]);
  });

  it('shows an empty note refused before sending, and the server refusing one', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET') return json(200, desk());
      if (call.method === 'POST') return apiError(400, messages.noteInvalid);
      return undefined;
    });
    adminPage();
    const notes = within(await screen.findByRole('region', { name: 'Internal notes' }));
    fireEvent.change(notes.getByLabelText('Note'), { target: { value: '   ' } });
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    expect(notes.getByText(messages.noteRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(notes.getByLabelText('Note'), { target: { value: 'Fine' } });
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    expect((await notes.findByRole('alert')).textContent).toBe(messages.noteInvalid);
  });

  it('copies the delivery address and says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi((call) => (call.method === 'GET' ? json(200, desk()) : undefined));
    adminPage();
    const address = within(await screen.findByRole('region', { name: 'Delivery address' }));
    fireEvent.click(address.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(address.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('1-2-3 Kanda\nChiyoda-ku, Tokyo');
  });

  it('offers Record payment where the server takes a transfer: not on a card order cancelled and refunded', async () => {
    const refunded = desk({
      status: 'cancelled',
      paid: false,
      cancelledAt: '2025-05-02T00:00:00.000Z',
      refundedAt: '2025-05-02T00:00:00.000Z',
      refundAmount: 770,
    });
    stubApi(() => json(200, refunded));
    adminPage();
    expect(await screen.findByText('Cancelled — refunded $770.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
  });

  it('offers Record payment on a cancelled transfer order (late money is owed back)', async () => {
    stubApi(() =>
      json(
        200,
        desk({
          status: 'cancelled',
          paid: false,
          paymentMethod: 'transfer',
          paidAt: null,
          transactionId: null,
          payments: [],
          cancelledAt: '2025-05-02T00:00:00.000Z',
        }),
      ),
    );
    adminPage();
    expect(await screen.findByRole('button', { name: 'Record payment' })).toBeTruthy();
  });

  it('says when the order was not found', async () => {
    stubApi(() => apiError(404, messages.notFound('This order')));
    adminPage();
    expect(await screen.findByRole('heading', { name: 'This order was not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all orders' }).getAttribute('href')).toBe(
      '/dashboard/allOrders',
    );
  });

  it('shows any other failure with Retry', async () => {
    let fail = true;
    stubApi(() => (fail ? apiError(500, 'Something went wrong on our side.') : json(200, desk())));
    adminPage();
    expect(await screen.findByText('The order could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order K-000123' })).toBeTruthy();
  });
});

describe('the order page (buyer)', () => {
  it('shows a business order’s company, PO number, delivery date asked for, billing address and receipt choices', async () => {
    stubApi((call) =>
      call.url === url
        ? json(
            200,
            forBuyer(
              desk({
                company: '株式会社 大工道具店',
                department: '購買部',
                poNumber: 'PO-2026-0042',
                requestedDate: '2026-12-24',
                billingAddress: '〒100-0005 東京都千代田区丸の内1-1',
                receiptAddressee: '大工道具店 経理部',
              }),
            ),
          )
        : undefined,
    );
    buyerPage();
    const buyer = within(await screen.findByRole('region', { name: 'Buyer' }));
    const facts = Object.fromEntries(
      buyer.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Company: '株式会社 大工道具店',
      Department: '購買部',
      'PO number': 'PO-2026-0042',
      'Delivery requested': 'Dec 24, 2026',
    });
    const address = within(section('Delivery address'));
    expect(address.getByRole('heading', { name: 'Billing address' }).nextElementSibling?.textContent).toBe(
      '〒100-0005 東京都千代田区丸の内1-1',
    );
    expect(address.getByText('Receipt addressed to').nextElementSibling?.textContent).toBe(
      '大工道具店 経理部',
    );
    expect(address.queryByText('Receipt for')).toBeNull();
  });

  it('shows the order with its tracking, and no notes and no admin actions', async () => {
    stubApi((call) =>
      call.url === url
        ? json(
            200,
            forBuyer(
              desk({
                status: 'shipped',
                shippedAt: '2025-05-02T00:00:00.000Z',
                carrier: 'Yamato',
                trackingNumber: '4455-6677-8899',
              }),
            ),
          )
        : undefined,
    );
    buyerPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order K-000123' })).toBeTruthy();
    expect(stateShown()).toBe('Shipped');
    const tracking = within(section('Tracking'));
    expect(tracking.getByText('Yamato')).toBeTruthy();
    expect(tracking.getByText('4455-6677-8899')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Internal notes' })).toBeNull();
    expect(screen.queryByText('Wants it before Friday.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/dashboard/myOrders');
  });

  it('shows each line’s SKU and JAN as ordered, and saves the order as a list under the name it suggests', async () => {
    const chisel = desk().lines[0];
    if (!chisel) throw new Error('the fixture has a line');
    const saw = { ...chisel, toolId: '5f0c7c1e-2b8a-4a7e-9d61-3c2b9f4e8a10', productName: 'Ryoba saw' };
    const calls = stubApi((call) => {
      if (call.url === url)
        return json(
          200,
          forBuyer(desk({ lines: [{ ...chisel, sku: 'KAN-48', jan: '4901234567894' }, saw] })),
        );
      if (call.url === `/api/lists/from-order/${id}` && call.method === 'POST')
        return json(201, {
          _id: 'a3c1d6e2-8f4b-4c5d-9e7a-1b2c3d4e5f60',
          name: (call.body as { name: string }).name,
          lineCount: 2,
          createdAt: '2025-05-03T00:00:00.000Z',
          updatedAt: '2025-05-03T00:00:00.000Z',
          lines: [],
          totalPrice: 0,
        });
      return undefined;
    });
    buyerPage();
    const lines = within(await screen.findByRole('region', { name: 'Lines' }));
    expect(lines.getByRole('rowheader', { name: /Oire Nomi/ }).textContent).toContain(
      'SKU KAN-48 · JAN 4901234567894',
    );
    // A line whose tool had no codes when it was ordered shows none.
    expect(lines.getByRole('rowheader', { name: 'Ryoba saw' })).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'List name' });
    expect((name as HTMLInputElement).value).toBe('Order K-000123');
    fireEvent.change(name, { target: { value: 'Chisels and saws' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save order as a list' }));
    expect(await screen.findByText('Saved as “Chisels and saws”.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { url: `/api/lists/from-order/${id}`, method: 'POST', body: { name: 'Chisels and saws' } },
    ]);
    expect(screen.getByRole('link', { name: 'Saved lists' }).getAttribute('href')).toBe('/lists');
  });

  it('says why the order could not be saved as a list, and offers no such form to an admin', async () => {
    stubApi((call) => {
      if (call.url === url) return json(200, forBuyer(desk()));
      if (call.url === `/api/lists/from-order/${id}`)
        return apiError(409, 'An account keeps at most 50 lists: delete one you no longer use.');
      return undefined;
    });
    const { unmount } = buyerPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Save order as a list' }));
    expect(
      await screen.findByText('An account keeps at most 50 lists: delete one you no longer use.'),
    ).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    stubApi((call) => (call.url === url ? json(200, desk()) : undefined));
    adminPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order K-000123' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save order as a list' })).toBeNull();
  });

  it("names the state as the buyer's list does: Paid, not Pending", async () => {
    stubApi(() => json(200, forBuyer(desk())));
    buyerPage();
    await screen.findByRole('heading', { level: 1, name: 'Order K-000123' });
    expect(stateShown()).toBe('Paid');
  });

  it('names a refunded order "Cancelled — refunded $X"', async () => {
    stubApi(() =>
      json(
        200,
        forBuyer(desk({ status: 'cancelled', refundedAt: '2025-05-02T00:00:00.000Z', refundAmount: 770 })),
      ),
    );
    buyerPage();
    expect(await screen.findByText('Cancelled — refunded $770.00')).toBeTruthy();
  });

  it('offers Pay and Cancel while unpaid, and cancels after asking', async () => {
    const calls = stubBuyerCancel(unpaidForBuyer());
    buyerPage();
    expect((await screen.findByRole('link', { name: 'Pay $770.00' })).getAttribute('href')).toBe(
      `/dashboard/payment/${id}`,
    );
    cancelAsBuyer();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.orderCancelled));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('offers no Pay once the reservation ran out, only Cancel', async () => {
    stubApi(() => json(200, unpaidForBuyer({ holdUntil: new Date(Date.now() - 60_000).toISOString() })));
    buyerPage();
    expect(await screen.findByText('Reservation expired: please order again')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
  });

  it('awaiting approval: says it waits for the company owner, offers no Pay and no hold, only Cancel', async () => {
    stubBuyerCancel(unpaidForBuyer({ status: 'awaiting_approval' }));
    buyerPage();
    expect(await screen.findByText(/waits for your company owner's approval/)).toBeTruthy();
    expect(stateShown()).toBe('Awaiting approval');
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByText(/Reserved until|Reservation expired/)).toBeNull();
    cancelAsBuyer();
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByText(/waits for your company owner's approval/)).toBeNull();
  });

  it('says when the order is not theirs (404) or the address is no order id (400)', async () => {
    stubApi(() => apiError(400, 'The id is not a valid id.'));
    renderAt(<MyOrderPage />, { path: '/dashboard/myOrders/nope', route: '/dashboard/myOrders/:id' });
    expect(await screen.findByRole('heading', { name: 'This order was not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my orders' }).getAttribute('href')).toBe(
      '/dashboard/myOrders',
    );
  });
});

describe('the order page in Japanese', () => {
  /** The element whose whole text (a time inside it too) is `text`. */
  const saying = (text: string) => screen.getByText((_, element) => element?.textContent === text);
  const inJapanese = (page: 'buyer' | 'admin', answer: OrderDesk) => {
    stubApi((call) => {
      if (call.url === url) return json(200, answer);
      if (call.url === '/api/settings') return json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' });
      return undefined;
    });
    const element = page === 'buyer' ? <MyOrderPage /> : <AdminOrderPage />;
    const where = page === 'buyer' ? 'myOrders' : 'orders';
    return renderAt(<LanguageContext value="ja">{element}</LanguageContext>, {
      path: `/dashboard/${where}/${id}`,
      route: `/dashboard/${where}/:id`,
    });
  };

  it('names each line in Japanese as it was ordered, to the buyer and to the admin', async () => {
    const named = desk({
      productName: 'Hira Kanna 48 mm',
      productNameJa: '平鉋 48mm',
      lines: [
        {
          toolId: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40',
          productName: 'Hira Kanna 48 mm',
          productNameJa: '平鉋 48mm',
          quantity: 20,
          perPrice: 30,
          totalPrice: 600,
        },
        {
          toolId: '0d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d41',
          productName: 'Ryoba Saw 240 mm',
          productNameJa: '両刃鋸 240mm',
          quantity: 5,
          perPrice: 34,
          totalPrice: 170,
        },
      ],
    });
    for (const page of ['buyer', 'admin'] as const) {
      const view = inJapanese(page, page === 'buyer' ? forBuyer(named) : named);
      expect(await screen.findByRole('rowheader', { name: '平鉋 48mm' })).toBeTruthy();
      expect(screen.getByRole('rowheader', { name: '両刃鋸 240mm' })).toBeTruthy();
      expect(screen.queryByText('Ryoba Saw 240 mm')).toBeNull();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('names a line’s codes and saving the order as a list in Japanese', async () => {
    const line = desk().lines[0];
    if (!line) throw new Error('the fixture has a line');
    inJapanese('buyer', forBuyer(desk({ lines: [{ ...line, sku: 'KAN-48', jan: '4901234567894' }] })));
    expect(await screen.findByText('品番 KAN-48 · JANコード 4901234567894')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'リスト名' }) as HTMLInputElement).value).toBe(
      'ご注文 K-000123',
    );
    expect(screen.getByRole('button', { name: 'このご注文をリストとして保存' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '定番リスト' }).getAttribute('href')).toBe('/lists');
  });

  it('says an unpaid order to its buyer in Japanese, every time in the shop’s zone', async () => {
    const holdUntil = '2099-01-08T00:00:00.000Z';
    inJapanese(
      'buyer',
      forBuyer(
        desk({
          status: 'unpaid',
          paid: false,
          transactionId: null,
          paidAt: null,
          testPayment: false,
          holdUntil,
          payments: [],
          events: [{ at: '2025-05-01T00:00:00.000Z', type: 'placed', by: 'buyer', note: null }],
        }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '注文 K-000123' })).toBeTruthy();
    expect(screen.getByText('状態：').parentElement?.querySelector('.badge')?.textContent).toBe('未払い');
    // Midnight UTC is 9:00 in Tokyo.
    await waitFor(() => expect(saying('2025年5月1日 9:00にご注文')).toBeTruthy());
    expect(saying('2099年1月8日 9:00まで在庫を確保しております。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '$770.00 を支払う' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '注文をキャンセル' })).toBeTruthy();
    expect(within(section('ご購入者')).getByText('メールアドレス')).toBeTruthy();
    expect(within(section('お届け先')).getByRole('button', { name: /住所をコピー/ })).toBeTruthy();
    const lines = within(section('明細'));
    expect(lines.getByRole('columnheader', { name: '単価' })).toBeTruthy();
    expect(lines.getByText('個数')).toBeTruthy();
    expect(lines.getByText('合計')).toBeTruthy();
    expect(within(section('お支払い')).getByText('まだお支払いいただいていません。')).toBeTruthy();
    const history = within(section('履歴'));
    expect(history.getByText('ご注文')).toBeTruthy();
    expect(saying('2025年5月1日 9:00、ご購入者')).toBeTruthy();
    expect(within(section('書類')).getByRole('link', { name: /プロフォーマ請求書/ })).toBeTruthy();
  });

  it('says a recorded transfer in the history in Japanese, from its facts, not the English note', async () => {
    const note = '$500.00 received 2025-05-02, reference K first part; partly paid $500.00 of $1,100.00';
    inJapanese(
      'admin',
      desk({
        status: 'unpaid',
        paid: false,
        paymentMethod: 'transfer',
        transactionId: null,
        paidAt: null,
        testPayment: false,
        holdUntil: '2099-01-08T00:00:00.000Z',
        payments: [],
        events: [
          { at: '2025-05-01T00:00:00.000Z', type: 'placed', by: 'buyer', note: null },
          {
            at: '2025-05-02T00:00:00.000Z',
            type: 'payment recorded',
            by: 'Aiko Ledger',
            note,
            detail: {
              kind: 'payment recorded',
              amount: 500,
              receivedOn: '2025-05-02',
              reference: 'K first part',
              outcome: 'partly paid',
              paid: 500,
              due: 1100,
            },
          },
        ],
      }),
    );
    const history = within(await screen.findByRole('region', { name: '履歴' }));
    expect(
      history.getByText(
        '2025-05-02に$500.00を入金（振込参照番号 K first part）。$1,100.00のうち$500.00が入金済みです。',
      ),
    ).toBeTruthy();
    expect(history.queryByText(/received|partly paid/)).toBeNull();
  });

  it('says a cancel for a hold that ran out, with the transfer owed back, in Japanese; a typed reason as typed', async () => {
    inJapanese(
      'admin',
      desk({
        status: 'cancelled',
        paid: false,
        paymentMethod: 'transfer',
        transactionId: null,
        paidAt: null,
        testPayment: false,
        payments: [],
        cancelledAt: '2025-05-09T00:00:00.000Z',
        events: [
          { at: '2025-05-01T00:00:00.000Z', type: 'placed', by: 'buyer', note: null },
          {
            at: '2025-05-09T00:00:00.000Z',
            type: 'cancelled',
            by: 'shop',
            note: 'the hold ran out; $200.00 received by bank transfer is to be given back',
            detail: { kind: 'cancelled', reason: null, holdRanOut: true, owedBack: 200 },
          },
          {
            at: '2025-05-10T00:00:00.000Z',
            type: 'cancelled',
            by: 'Aiko Ledger',
            note: '住所不明のため; $50.00 received by bank transfer is to be given back',
            detail: { kind: 'cancelled', reason: '住所不明のため', holdRanOut: false, owedBack: 50 },
          },
        ],
      }),
    );
    const history = within(await screen.findByRole('region', { name: '履歴' }));
    expect(
      history.getByText('在庫の確保期限が過ぎました。銀行振込で受領した$200.00を返金します'),
    ).toBeTruthy();
    expect(history.getByText('住所不明のため。銀行振込で受領した$50.00を返金します')).toBeTruthy();
    expect(history.queryByText(/hold ran out|received by bank transfer/)).toBeNull();
  });

  it('says a paid card order, its payment and documents in Japanese; an admin gets the admin’s state word', async () => {
    inJapanese('admin', desk());
    expect(await screen.findByRole('heading', { level: 1, name: '注文 K-000123' })).toBeTruthy();
    expect(screen.getByText('状態：').parentElement?.querySelector('.badge')?.textContent).toBe('発送待ち');
    expect(screen.getAllByText('テスト決済').length).toBeGreaterThan(0);
    const payment = within(section('お支払い'));
    expect(payment.getByText('クレジットカード')).toBeTruthy();
    expect(payment.getByText('支払い済み')).toBeTruthy();
    expect(payment.getByText('テスト')).toBeTruthy();
    const documents = within(section('書類'));
    for (const name of ['請求書', '領収書', '納品書'])
      expect(documents.getByRole('link', { name: new RegExp(name) })).toBeTruthy();
    await waitFor(() => expect(saying('2025年5月1日 10:00、ショップ')).toBeTruthy());
  });
});
