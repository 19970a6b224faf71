import { messages } from '@kanna/shared/domain/messages';
import type { Review } from '@kanna/shared/reviews';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { SessionState } from '../../../lib/session';
import { AllReviewsPage } from './all-reviews-page';

const session = vi.hoisted((): { current: SessionState } => ({ current: { status: 'loading', user: null } }));
const notify = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../../lib/toast', () => ({ notify }));
vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  useSession: () => session.current,
}));

const signedIn = (role: 'admin' | 'user'): SessionState => ({
  status: 'signed-in',
  user: { id: 'u1', email: `${role}@kanna.example`, name: 'Mina', image: null, role, emailVerified: true },
});

const review = (over: Partial<Review>): Review => ({
  _id: '3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  name: 'Hanako Sato',
  description: 'Sharp from the first stroke.',
  rating: 5,
  img: null,
  verified: false,
  createdAt: '2025-05-01T00:00:00.000Z',
  ...over,
});
const spam = review({
  _id: '4b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bee',
  name: 'Spam Bot',
  description: 'Buy elsewhere!',
});
const kept = review({});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; method: string; body: unknown };

/** The API as this page sees it: the list, and DELETE /api/review/{id} answered by `onDelete`. */
function renderPage(onDelete: (call: Call) => Response) {
  let listed = [spam, kept];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.method === 'GET' && call.url === '/api/review') return json(200, listed);
      if (call.method === 'DELETE') {
        const res = onDelete(call);
        if (res.ok) listed = listed.filter((r) => !call.url.endsWith(r._id));
        return res;
      }
      throw new Error(`unexpected ${call.method} ${call.url}`);
    }),
  );
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/allReview']}>
        <AllReviewsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove review/ });

beforeEach(() => notify.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('removing a review on /allReview', () => {
  it.each([
    ['a visitor', { status: 'signed-out', user: null } as SessionState],
    ['a customer', signedIn('user')],
  ])('shows %s no Remove review button', async (_, who) => {
    session.current = who;
    renderPage(() => json(500, {}));
    expect(await screen.findByRole('heading', { name: 'Spam Bot' })).toBeTruthy();
    expect(removeButtons()).toEqual([]);
  });

  it('gives an admin one on every card; the dialog asks for a reason and sends it', async () => {
    session.current = signedIn('admin');
    const calls = renderPage(() => json(200, { acknowledged: true, deletedCount: 1 }));
    await screen.findByRole('heading', { name: 'Spam Bot' });
    expect(removeButtons()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove review by Spam Bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this review?' });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, remove review' });
    expect(within(dialog).getByRole('button', { name: 'Keep review' })).toBeTruthy();

    fireEvent.click(confirm);
    expect(within(dialog).getByText(messages.removalReasonRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: 'Advertises another shop.' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.reviewRemoved));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { url: `/api/review/${spam._id}`, method: 'DELETE', body: { reason: 'Advertises another shop.' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Spam Bot' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Hanako Sato' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    session.current = signedIn('admin');
    renderPage(() =>
      json(404, { statusCode: 404, error: 'Not Found', message: 'This review was not found.' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove review by Spam Bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this review?' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Spam.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove review' }));
    expect(await within(dialog).findByText('This review was not found.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Remove this review?' })).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });
});
