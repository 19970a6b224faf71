import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSettings } from '../../../test/fixtures';
import { address, json, renderPage } from '../../../test/pages';
import { CompaniesPage, CompanyAdminPage } from './companies-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (over: object) => ({
  id: 'c1',
  name: 'Yamada Woodworks',
  nameKana: null,
  department: null,
  registrationNumber: null,
  billingAddress: '1-2-3 Kuramae, Tokyo',
  billingEmail: 'taro@example.jp',
  note: null,
  status: 'approved',
  declineReason: null,
  terms: { closingDay: 20, payMonthsAfter: 1, payDay: 'end', creditLimit: 500000 },
  currency: 'JPY',
  language: 'ja',
  priceListId: null,
  priceListName: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  decidedAt: '2026-12-02T00:00:00.000Z',
  ownerEmail: 'taro@example.jp',
  memberCount: 2,
  nextClosingDate: '2026-12-20',
  openBalance: 0,
  available: 500000,
  overdue: 0,
  creditOnAccount: 0,
  ...over,
});

describe('CompaniesPage', () => {
  it('lists each company with its terms, open balance, what is available and overdue', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        urls.push(`${url.pathname}${url.search}`);
        if (url.searchParams.get('cursor') === 'next1')
          return json(200, [row({ id: 'c3', name: 'Later Co' })]);
        if (url.searchParams.get('q') === 'yam') return json(200, [row({})]);
        return json(
          200,
          [
            row({
              id: 'c2',
              name: 'Shaky Ltd',
              status: 'pending',
              terms: null,
              currency: null,
              language: null,
              available: null,
              nextClosingDate: null,
            }),
            row({}),
          ],
          { link: '</api/companies?cursor=next1>; rel="next"' },
        );
      }),
    );
    renderPage(<CompaniesPage />, '/dashboard/companies');
    const approved = await screen.findByRole('row', { name: /Yamada Woodworks/ });
    const cell = (label: string) =>
      within(approved).getByText((_, el) => el?.getAttribute('data-label') === label);
    expect(cell('Status').textContent).toBe('Approved');
    expect(cell('Credit limit').textContent).toBe('¥500,000');
    expect(cell('Next closing').textContent).toBe('Dec 20, 2026');
    expect(cell('Open balance').textContent).toBe('¥0');
    expect(cell('Available').textContent).toBe('¥500,000');
    expect(cell('Overdue').textContent).toBe('¥0');
    const pending = screen.getByRole('row', { name: /Shaky Ltd/ });
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(
      within(pending).getByText((_, el) => el?.getAttribute('data-label') === 'Available').textContent,
    ).toBe('—');
    expect(within(pending).getByRole('link', { name: 'Open Shaky Ltd' }).getAttribute('href')).toBe(
      '/dashboard/companies/c2',
    );
    // The next page when asked for, from the Link header's cursor.
    fireEvent.click(screen.getByRole('button', { name: 'Load more companies' }));
    expect(await screen.findByRole('row', { name: /Later Co/ })).toBeTruthy();
    expect(urls).toContain('/api/companies?cursor=next1');
    // A search asks the server for the name.
    fireEvent.change(screen.getByLabelText(/^Search companies/), { target: { value: 'yam' } });
    await waitFor(() => expect(urls).toContain('/api/companies?q=yam'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Shaky Ltd/ })).toBeNull());
  });
});

describe('a new company', () => {
  it('says what the company lacks before sending, then creates it and opens its page', async () => {
    const sent: unknown[] = [];
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          posted.push(new URL(String(input), 'http://localhost').pathname);
          return json(201, { ...row({ id: 'c9', name: 'Direct Trading' }), members: [] });
        }
        return String(input).includes('/api/companies/c9')
          ? json(200, { ...row({ id: 'c9', name: 'Direct Trading' }), members: [] })
          : json(200, []);
      }),
    );
    renderPage(<CompaniesPage />, '/dashboard/companies');
    fireEvent.click(await screen.findByRole('button', { name: 'New company' }));
    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Credit limit \(JPY\)/, '100000');
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText("Enter your company's name.")).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(sent).toEqual([]);
    type(/^Company/, 'Direct Trading');
    type(/^Owner's e-mail address/, 'direct@kanna.example');
    type(/^Billing address/, '5 Market Street, Osaka');
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(address.current).toBe('/dashboard/companies/c9'));
    expect(posted).toEqual(['/api/companies/direct']);
    expect(sent[0]).toMatchObject({
      name: 'Direct Trading',
      ownerEmail: 'direct@kanna.example',
      terms: { closingDay: 'end', payMonthsAfter: 1, payDay: 'end', creditLimit: 100000, currency: 'JPY' },
    });
  });
});

/** The admin's page of company c1. */
const openDesk = (language: 'en' | 'ja' = 'en') =>
  renderPage(
    <Routes>
      <Route path="/dashboard/companies/:id" element={<CompanyAdminPage />} />
    </Routes>,
    '/dashboard/companies/c1',
    language,
  );

const statement = (over: object) => ({
  id: 's1',
  number: 'ST-2026-000001',
  companyId: 'c1',
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  closingDate: '2026-11-30',
  dueOn: '2026-12-31',
  currency: 'JPY',
  previousBalance: 0,
  received: 0,
  carriedForward: 0,
  ordersTotal: 110000,
  taxByRate: [{ ratePercent: 10, taxable: 100000, tax: 10000 }],
  amountDue: 110000,
  applied: 40000,
  outstanding: 70000,
  state: 'partly_paid',
  overdueSince: null,
  orders: [],
  issuedAt: '2026-11-30T03:00:00.000Z',
  pdf: '/api/documents/ST-2026-000001.pdf',
  ...over,
});

describe('a company’s statements and payments (admin)', () => {
  it('lists the statements, issues one now, and records a payment with each refusal at its field', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    let paymentAnswer = () =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'invalid',
        key: 'receivedOnInFuture',
        params: [],
        message: 'The day the money arrived cannot be later than today.',
        errors: [{ path: 'receivedOn', message: 'The day the money arrived cannot be later than today.' }],
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        if (method !== 'GET') sent.push({ method, path: url.pathname, body: JSON.parse(String(init?.body)) });
        if (method === 'GET' && url.pathname === '/api/companies/c1')
          return json(200, { ...row({}), members: [] });
        if (method === 'GET' && url.pathname === '/api/companies/c1/statements')
          return json(200, [
            statement({}),
            statement({
              id: 's0',
              number: 'ST-2026-000000',
              periodFrom: '2026-10-01',
              periodTo: '2026-10-31',
              dueOn: '2026-11-30',
              state: 'overdue',
              overdueSince: '2026-12-01',
              applied: 0,
              outstanding: 55000,
              amountDue: 55000,
              pdf: '/api/documents/ST-2026-000000.pdf',
            }),
          ]);
        if (method === 'POST' && url.pathname === '/api/companies/c1/statements')
          return json(201, statement({ id: 's2', number: 'ST-2026-000002' }));
        if (method === 'POST' && url.pathname === '/api/companies/c1/payments') return paymentAnswer();
        if (method === 'GET' && url.pathname === '/api/companies/c1/payments') return json(200, []);
        if (url.pathname === '/api/price-lists') return json(200, []);
        return json(404, { statusCode: 404, error: 'Not Found', message: url.pathname });
      }),
    );
    openDesk();
    const partly = await screen.findByRole('row', { name: /ST-2026-000001/ });
    const cell = (r: HTMLElement, label: string) =>
      within(r).getByText((_, el) => el?.getAttribute('data-label') === label);
    expect(cell(partly, 'Amount due').textContent).toBe('¥110,000');
    expect(cell(partly, 'State').textContent).toBe('Partly paid¥40,000 received, ¥70,000 to pay');
    expect(
      within(partly)
        .getByRole('link', { name: 'Download statement ST-2026-000001 (PDF)' })
        .getAttribute('href'),
    ).toBe('/api/documents/ST-2026-000001.pdf');
    const late = screen.getByRole('row', { name: /ST-2026-000000/ });
    expect(cell(late, 'State').textContent).toBe('OverdueSince Dec 1, 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Issue statement now' }));
    expect(
      await screen.findByText('Statement ST-2026-000002 issued and mailed to the billing e-mail.'),
    ).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Record a payment' });
    const amount = within(form).getByLabelText(/^Amount received \(JPY\)/);
    const reference = within(form).getByLabelText(/^Reference/);
    // Said before sending: an amount and a reference are needed, in whole yen.
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(/Give the payment's reference/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '10.5' } });
    fireEvent.change(reference, { target: { value: 'ヤマダモクコウ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(/whole yen/)).toBeTruthy();
    expect(sent.filter((s) => s.path.endsWith('/payments'))).toHaveLength(0);
    // The server's refusal at its field.
    fireEvent.change(amount, { target: { value: '5,000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(form).findByText('The day the money arrived cannot be later than today.'),
    ).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/companies/c1/payments',
      body: { amount: 5000, reference: 'ヤマダモクコウ' },
    });
    paymentAnswer = () =>
      json(201, {
        id: 'p1',
        amount: 5000,
        currency: 'JPY',
        receivedOn: '2026-12-07',
        reference: 'ヤマダモクコウ',
        appliedTo: [{ statement: 'ST-2026-000000', amount: 5000 }],
        unapplied: 0,
        createdAt: '2026-12-07T00:00:00.000Z',
      });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText('Payment of ¥5,000 recorded and applied to the oldest statements first.'),
    ).toBeTruthy();
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe(''));
  });
});

describe('a payment recorded with a wrong amount (admin)', () => {
  const payment = (over: object) => ({
    id: 'p1',
    amount: 500000,
    currency: 'JPY',
    receivedOn: '2026-12-07',
    reference: 'ヤマダモクコウ',
    appliedTo: [{ statement: 'ST-2026-000001', amount: 110000 }],
    unapplied: 390000,
    createdAt: '2026-12-07T00:00:00.000Z',
    reversed: null,
    ...over,
  });

  it('shows the credit on account, and reverses a payment: a reason, a confirmation, the refusal at the reason', async () => {
    const sent: { path: string; body: unknown }[] = [];
    let reversal = () =>
      json(409, {
        statusCode: 409,
        error: 'Conflict',
        code: 'conflict',
        key: 'paymentAlreadyReversed',
        params: ['2026-12-07'],
        message: 'This payment was reversed on 2026-12-07 already: record the right amount as a new payment.',
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        if (method !== 'GET') sent.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
        if (method === 'GET' && url.pathname === '/api/companies/c1')
          return json(200, { ...row({ openBalance: -390000, creditOnAccount: 390000 }), members: [] });
        if (method === 'GET' && url.pathname === '/api/companies/c1/statements') return json(200, []);
        if (method === 'GET' && url.pathname === '/api/companies/c1/payments')
          return json(200, [
            payment({}),
            payment({
              id: 'p0',
              amount: 1000,
              reference: 'OLD',
              appliedTo: [],
              unapplied: 0,
              reversed: { at: '2026-12-06T01:00:00.000Z', by: 'Owner', reason: 'Typed twice' },
            }),
          ]);
        if (method === 'POST' && url.pathname === '/api/companies/c1/payments/p1/reversal') return reversal();
        if (url.pathname === '/api/price-lists') return json(200, []);
        return json(404, { statusCode: 404, error: 'Not Found', message: url.pathname });
      }),
    );
    openDesk();
    // The money beyond what is owed: the balance at nothing, the credit beside it.
    const credit = await screen.findByText('Credit on account');
    expect(credit.nextElementSibling?.textContent).toBe('¥390,000');
    expect(screen.getByText('Open balance').nextElementSibling?.textContent).toBe('¥0');

    const list = await screen.findByRole('list', { name: 'The money the company paid, newest first' });
    const [live, gone] = within(list).getAllByRole('listitem');
    if (!live || !gone) throw new Error('two payments expected');
    expect(live.textContent).toContain('ST-2026-000001: ¥110,000');
    expect(live.textContent).toContain(
      'Applied: ST-2026-000001: ¥110,000; ¥390,000 waits for the next statement',
    );
    expect(gone.textContent).toContain('Reversed on Dec 6, 2026: Typed twice');
    expect(within(gone).queryByRole('button')).toBeNull();

    fireEvent.click(
      within(live).getByRole('button', { name: 'Reverse the payment of ¥500,000 (ヤマダモクコウ)' }),
    );
    const form = within(live).getByRole('form', { name: 'Reverse the payment of ¥500,000 (ヤマダモクコウ)' });
    expect(within(form).getByRole('alert').textContent).toMatch(/statements it paid are owed again/);
    // A reason first, said at the field before anything is sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(form).findByText(/Say why the payment is reversed/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    // The server's refusal at the reason.
    fireEvent.change(within(form).getByLabelText(/^Why is it reversed\?/), {
      target: { value: 'Typed one zero too many' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(form).findByText(/reversed on 2026-12-07 already/)).toBeTruthy();
    expect(sent).toEqual([
      { path: '/api/companies/c1/payments/p1/reversal', body: { reason: 'Typed one zero too many' } },
    ]);
    reversal = () =>
      json(200, payment({ reversed: { at: '2026-12-07T02:00:00.000Z', by: 'Owner', reason: 'x' } }));
    fireEvent.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    expect(
      await screen.findByText('Payment of ¥500,000 reversed. Record the right amount now.'),
    ).toBeTruthy();
  });
});

describe('a payment’s reversal day (admin)', () => {
  it('is the shop’s day (Tokyo), not UTC’s: 20:00 UTC on 6 December is 7 December, in both languages', async () => {
    const reversed = {
      id: 'p0',
      amount: 1000,
      currency: 'JPY',
      receivedOn: '2026-12-06',
      reference: 'LATE',
      appliedTo: [],
      unapplied: 0,
      createdAt: '2026-12-06T01:00:00.000Z',
      reversed: { at: '2026-12-06T20:00:00.000Z', by: 'Owner', reason: 'Typed twice' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/settings') return json(200, { ...publicSettings, timeZone: 'Asia/Tokyo' });
        if (url.pathname === '/api/companies/c1') return json(200, { ...row({}), members: [] });
        if (url.pathname === '/api/companies/c1/statements') return json(200, []);
        if (url.pathname === '/api/companies/c1/payments') return json(200, [reversed]);
        if (url.pathname === '/api/price-lists') return json(200, []);
        return json(404, { statusCode: 404, error: 'Not Found', message: url.pathname });
      }),
    );
    openDesk();
    expect(await screen.findByText('Reversed on Dec 7, 2026: Typed twice')).toBeTruthy();
    cleanup();
    openDesk('ja');
    expect(await screen.findByText('2026年12月7日 に取消：Typed twice')).toBeTruthy();
  });
});

describe('a pending application (admin)', () => {
  it('is declined with the reason typed: asked for at the field first, then sent', async () => {
    const sent: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        if (method === 'PATCH' && url.pathname === '/api/companies/c1') {
          sent.push({ method, body: JSON.parse(String(init?.body)) });
          return json(200, { ...row({ status: 'declined', terms: null }), members: [] });
        }
        if (url.pathname === '/api/companies/c1')
          return json(200, { ...row({ status: 'pending', terms: null, currency: null }), members: [] });
        if (url.pathname === '/api/price-lists') return json(200, []);
        return json(404, { statusCode: 404, error: 'Not Found', message: url.pathname });
      }),
    );
    openDesk();
    const form = await screen.findByRole('form', { name: 'Or decline' });
    fireEvent.click(within(form).getByRole('button', { name: 'Decline' }));
    expect(
      await within(form).findByText('Say why the application is declined: the buyer reads it.'),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: '  No trade history  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'PATCH', body: { status: 'declined', reason: 'No trade history' } }]),
    );
  });
});
