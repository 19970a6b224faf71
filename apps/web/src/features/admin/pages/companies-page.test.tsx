import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, json, renderPage } from '../../../test/pages';
import { CompaniesPage } from './companies-page';

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
  ...over,
});

describe('CompaniesPage', () => {
  it('lists each company with its terms, balance and overdue 0 and the limit available until statements exist', async () => {
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
    expect(screen.getByText(/they are counted from orders on account and monthly statements/)).toBeTruthy();
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
