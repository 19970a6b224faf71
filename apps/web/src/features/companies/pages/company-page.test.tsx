import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, json, renderPage } from '../../../test/pages';
import { CompanyPage } from './company-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const company = {
  id: 'c1',
  name: 'Yamada Woodworks',
  nameKana: 'ヤマダウッドワークス',
  department: 'Purchasing',
  registrationNumber: 'T1234567890123',
  billingAddress: '1-2-3 Kuramae, Tokyo',
  billingEmail: 'accounts@yamada.example',
  note: null,
  status: 'approved',
  declineReason: null,
  terms: { closingDay: 'end', payMonthsAfter: 2, payDay: 10, creditLimit: 500000 },
  currency: 'JPY',
  language: 'ja',
  priceListId: null,
  priceListName: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  decidedAt: '2026-12-02T00:00:00.000Z',
};
/** GET /api/companies/c1 as its owner reads it: nothing owed, unless `over` says otherwise. */
const companyFigures = (over: object = {}) =>
  json(200, {
    ...company,
    ownerEmail: 'taro@example.jp',
    memberCount: 1,
    nextClosingDate: '2026-12-31',
    openBalance: 0,
    available: 500000,
    overdue: 0,
    creditOnAccount: 0,
    members: [],
    ...over,
  });
/** The owner's figures and statements, none overdue. */
const accountReads = {
  'GET /api/companies/c1': () => companyFigures(),
  'GET /api/companies/c1/statements': () => json(200, []),
};
const none = { company: null, role: null, spendingLimit: null, members: [], invitations: [], declined: null };

/** Answers the page's reads (and the accept) from `answers`, by method and path. */
function serve(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    return answers[key]?.() ?? json(404, { statusCode: 404, error: 'Not Found', message: key });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('CompanyPage', () => {
  it('shows why the last application was declined above the form', async () => {
    serve({
      'GET /api/companies/mine': () =>
        json(200, {
          ...none,
          declined: { name: 'Shaky Ltd', reason: 'No trade references.', decidedAt: null },
        }),
      'GET /api/address-book': () => json(200, []),
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    expect(await screen.findByText('Your application for Shaky Ltd was declined.')).toBeTruthy();
    expect(screen.getByText('Reason: No trade references.')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Apply for a trade account' })).toBeTruthy();
  });

  it('says an application is waiting, in Japanese', async () => {
    serve({
      'GET /api/companies/mine': () =>
        json(200, {
          ...none,
          role: 'owner',
          company: { ...company, status: 'pending', terms: null, currency: null, language: null },
        }),
    });
    renderPage(<CompanyPage />, '/ja/dashboard/company', 'ja');
    expect(await screen.findByRole('heading', { name: 'お申し込みを受け付けました' })).toBeTruthy();
  });

  it('shows a buyer the terms and their limit, and neither members nor orders', async () => {
    const fetch = serve({
      'GET /api/companies/mine': () => json(200, { ...none, role: 'buyer', spendingLimit: 50000, company }),
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    expect(await screen.findByText('Month end')).toBeTruthy();
    expect(screen.getByText('Day 10 of the month after next')).toBeTruthy();
    expect(screen.getByText('accounts@yamada.example')).toBeTruthy();
    expect(screen.getByText('¥500,000')).toBeTruthy();
    expect(screen.getByText('¥50,000')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/orders'))).toBe(false);
  });

  it('accepts an invitation from its link, then says so and leaves the token out of the address', async () => {
    let joined = false;
    serve({
      'GET /api/companies/mine': () => json(200, joined ? { ...none, role: 'buyer', company } : none),
      'GET /api/address-book': () => json(200, []),
      'POST /api/company-invitations/abc/accept': () => {
        joined = true;
        return json(200, { ...none, role: 'buyer', company });
      },
    });
    renderPage(<CompanyPage />, '/dashboard/company?invitation=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You now buy for Yamada Woodworks.')).toBeTruthy();
    await waitFor(() => expect(address.current).toBe('/dashboard/company'));
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says why an invitation was refused', async () => {
    serve({
      'GET /api/companies/mine': () => json(200, none),
      'GET /api/address-book': () => json(200, []),
      'POST /api/company-invitations/abc/accept': () =>
        json(403, {
          statusCode: 403,
          error: 'Forbidden',
          code: 'forbidden',
          key: 'invitationOtherAddress',
          params: [],
          message:
            'This invitation was sent to another address: sign in with the address it was sent to, then open the link again.',
        }),
    });
    renderPage(<CompanyPage />, '/dashboard/company?invitation=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(
      await screen.findByText(
        'You did not join: This invitation was sent to another address: sign in with the address it was sent to, then open the link again.',
      ),
    ).toBeTruthy();
  });

  it('lets the owner withdraw an invitation, then lists it no more and says so; a refusal is read out', async () => {
    const waiting = {
      id: '6f9b5d1e-0000-4000-8000-000000000001',
      email: 'late@yamada.example',
      expiresAt: '2026-12-14T00:00:00.000Z',
      acceptedAt: null,
      createdAt: '2026-12-07T00:00:00.000Z',
    };
    let invitations = [
      waiting,
      { ...waiting, id: '6f9b5d1e-0000-4000-8000-000000000002', email: 'gone@yamada.example' },
    ];
    const mine = () => json(200, { ...none, company, role: 'owner', members: [], invitations });
    const fetch = serve({
      ...accountReads,
      'GET /api/companies/mine': mine,
      'GET /api/companies/c1/orders': () => json(200, []),
      'GET /api/address-book': () => json(200, { billing: null, delivery: [] }),
      [`DELETE /api/companies/c1/invitations/${waiting.id}`]: () => {
        invitations = invitations.filter((i) => i.id !== waiting.id);
        return json(200, { acknowledged: true, deletedCount: 1 });
      },
      'DELETE /api/companies/c1/invitations/6f9b5d1e-0000-4000-8000-000000000002': () =>
        json(404, {
          statusCode: 404,
          error: 'Not Found',
          code: 'not_found',
          key: 'invitationNotFound',
          params: {},
          message: 'This company has no such invitation: it may have been withdrawn already.',
        }),
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Withdraw the invitation to late@yamada.example' }),
    );
    expect(
      await screen.findByText(
        'The invitation to late@yamada.example is withdrawn: its link no longer works.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('late@yamada.example')).toBeNull());
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining(`/api/companies/c1/invitations/${waiting.id}`),
      expect.objectContaining({ method: 'DELETE' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to gone@yamada.example' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This company has no such invitation: it may have been withdrawn already.',
    );
  });
});

describe('CompanyPage: orders awaiting the owner’s approval', () => {
  const waiting = {
    id: 'o1',
    number: 'K-000042',
    buyerName: 'Jiro Sato',
    buyerEmail: 'jiro@yamada.example',
    status: 'awaiting_approval',
    currency: 'JPY',
    total: 80000,
    amountDue: 88000,
    lineCount: 1,
    createdAt: '2026-12-05T00:00:00.000Z',
  };
  const placed = { ...waiting, id: 'o2', number: 'K-000041', status: 'unpaid', amountDue: 1000 };
  const owner = () => json(200, { ...none, company, role: 'owner', members: [], invitations: [] });
  const section = async () => {
    const heading = await screen.findByRole('heading', { name: 'Orders awaiting your approval' });
    return heading.parentElement as HTMLElement;
  };

  it('lists the waiting orders only, and approves one: said in a status line, the list read again', async () => {
    let decided = false;
    const fetch = serve({
      'GET /api/companies/mine': owner,
      'GET /api/companies/c1/orders': () =>
        json(200, decided ? [{ ...waiting, status: 'unpaid' }, placed] : [waiting, placed]),
      'POST /api/orders/o1/approve': () => {
        decided = true;
        return json(200, {});
      },
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    const box = await section();
    expect(await within(box).findByText('K-000042')).toBeTruthy();
    expect(within(box).getByText('¥88,000')).toBeTruthy();
    expect(within(box).getByText('Jiro Sato · jiro@yamada.example')).toBeTruthy();
    expect(within(box).queryByText('K-000041')).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: 'Approve K-000042' }));
    expect(await within(box).findByRole('status')).toHaveProperty(
      'textContent',
      'K-000042 is approved: its buyer is told.',
    );
    expect(await within(box).findByText('No orders are waiting for your approval.')).toBeTruthy();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/orders/o1/approve') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('declines one with the reason typed, and shows a refusal of the reason at its field', async () => {
    const bodies: unknown[] = [];
    serve({
      'GET /api/companies/mine': owner,
      'GET /api/companies/c1/orders': () => json(200, [waiting]),
      'POST /api/orders/o1/decline': () => {
        bodies.push(bodies.length === 0 ? 'empty' : 'given');
        if (bodies.length > 1) return json(200, {});
        const said = 'Please give the reason for declining this order.';
        const key = 'orderDeclineReasonRequired';
        return json(400, {
          statusCode: 400,
          error: 'Bad Request',
          code: 'invalid',
          key,
          params: [],
          message: said,
          errors: [{ path: 'reason', key, params: [], message: said }],
        });
      },
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    const box = await section();
    fireEvent.click(await within(box).findByRole('button', { name: 'Decline K-000042' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline the order' }));
    const field = await within(dialog).findByLabelText('Why K-000042 is declined');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Please give the reason for declining this order.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Over budget this month' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline the order' }));
    expect(
      await within(box).findByText(
        'K-000042 is declined: its stock is back on sale and its buyer is told why.',
      ),
    ).toBeTruthy();
    expect(bodies).toEqual(['empty', 'given']);
  });

  it('reads out a refusal of the approval (another decided it first)', async () => {
    serve({
      'GET /api/companies/mine': owner,
      'GET /api/companies/c1/orders': () => json(200, [waiting]),
      'POST /api/orders/o1/approve': () =>
        json(409, {
          statusCode: 409,
          error: 'Conflict',
          code: 'conflict',
          key: 'notAwaitingApproval',
          params: [],
          message: 'This order is not awaiting approval: it was approved, declined or cancelled already.',
        }),
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    const box = await section();
    fireEvent.click(await within(box).findByRole('button', { name: 'Approve K-000042' }));
    expect((await within(box).findByRole('alert')).textContent).toContain('not awaiting approval');
  });
});

describe('the owner’s account and statements', () => {
  it('shows the balance, limit, available, next closing and overdue, and the statements with their PDFs, in Japanese', async () => {
    serve({
      'GET /api/companies/mine': () => json(200, { ...none, role: 'owner', company }),
      'GET /api/companies/c1': () =>
        companyFigures({ openBalance: 120000, available: 380000, overdue: 30000 }),
      'GET /api/companies/c1/statements': () =>
        json(200, [
          {
            id: 's1',
            number: 'ST-2026-000001',
            companyId: 'c1',
            periodFrom: '2026-10-01',
            periodTo: '2026-10-31',
            closingDate: '2026-10-31',
            dueOn: '2026-11-30',
            currency: 'JPY',
            previousBalance: 0,
            received: 0,
            carriedForward: 0,
            ordersTotal: 30000,
            taxByRate: [],
            amountDue: 30000,
            applied: 0,
            outstanding: 30000,
            state: 'overdue',
            overdueSince: '2026-12-01',
            orders: [],
            issuedAt: '2026-10-31T03:00:00.000Z',
            pdf: '/api/documents/ST-2026-000001.pdf',
          },
        ]),
      'GET /api/companies/c1/orders': () => json(200, []),
    });
    renderPage(<CompanyPage />, '/ja/dashboard/company', 'ja');
    const figures = await screen.findByRole('region', { name: 'お取引の状況' });
    expect(await within(figures).findByText('¥120,000')).toBeTruthy();
    expect(within(figures).getByText('¥380,000')).toBeTruthy();
    expect(within(figures).getByText('¥30,000')).toBeTruthy();
    expect(within(figures).getByText('2026年12月31日')).toBeTruthy();
    expect(within(figures).getByRole('alert').textContent).toContain('掛けでの新規ご注文はお受けできません');
    const row = await screen.findByRole('row', { name: /ST-2026-000001/ });
    expect(within(row).getByText('支払遅延')).toBeTruthy();
    expect(within(row).getByText('2026年12月1日から')).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: '請求書 ST-2026-000001 をダウンロード（PDF）' }),
    ).toBeTruthy();
  });

  it('says when there is no statement yet', async () => {
    serve({
      'GET /api/companies/mine': () => json(200, { ...none, role: 'owner', company }),
      'GET /api/companies/c1': () => companyFigures({ ownerEmail: null }),
      'GET /api/companies/c1/statements': () => json(200, []),
      'GET /api/companies/c1/orders': () => json(200, []),
    });
    renderPage(<CompanyPage />, '/dashboard/company');
    expect(await screen.findByText(/No statement yet/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/more than you owe/)).toBeNull();
  });

  it('shows money paid beyond what is owed as credit on account (前受金), the balance at nothing', async () => {
    serve({
      'GET /api/companies/mine': () => json(200, { ...none, role: 'owner', company }),
      'GET /api/companies/c1': () => companyFigures({ openBalance: -1, creditOnAccount: 1 }),
      'GET /api/companies/c1/statements': () => json(200, []),
      'GET /api/companies/c1/orders': () => json(200, []),
    });
    renderPage(<CompanyPage />, '/ja/dashboard/company', 'ja');
    const figures = await screen.findByRole('region', { name: 'お取引の状況' });
    const credit = await within(figures).findByText('前受金');
    expect(credit.nextElementSibling?.textContent).toBe('¥1');
    expect(within(figures).getByText('未払残高').nextElementSibling?.textContent).toBe('¥0');
    expect(within(figures).getByText(/ご請求額より ¥1 多く/)).toBeTruthy();
  });
});
