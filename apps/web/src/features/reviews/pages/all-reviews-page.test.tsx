import type { Review } from '@kanna/shared/reviews';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { AllReviewsPage } from './all-reviews-page';

// A visitor (an admin's Remove review: all-reviews-page.removal.test.tsx).
vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  useSession: () => ({ status: 'signed-out', user: null }),
}));

const review = (over: Partial<Review>): Review =>
  ({
    _id: '3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    name: 'Hanako Sato',
    description: 'Sharp from the first stroke.',
    rating: 5,
    img: null,
    createdAt: '2025-05-01T00:00:00.000Z',
    ...over,
  }) as Review;

const older = review({ _id: '4b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bee', name: 'Taro Yamada' });

function renderAt(url: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const fetchMock = vi.fn(async (input: string) =>
    input === '/api/review?cursor=r1'
      ? new Response(JSON.stringify([older]), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      : new Response(JSON.stringify([review({})]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', Link: '</api/review?cursor=r1>; rel="next"' },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AllReviewsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked: () => fetchMock.mock.calls.map((call) => String(call[0])) };
}

afterEach(() => vi.unstubAllGlobals());

describe('AllReviewsPage', () => {
  it('links to the next page and loads it in place on a click', async () => {
    const { asked } = renderAt('/allReview');
    const more = await screen.findByRole('link', { name: 'More reviews' });
    expect(more.getAttribute('href')).toBe('/allReview?cursor=r1');
    fireEvent.click(more);
    expect(await screen.findByRole('heading', { name: 'Taro Yamada' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hanako Sato' })).toBeTruthy();
    expect(asked()).toEqual(['/api/review', '/api/review?cursor=r1']);
  });

  it('opens at the page its address names', async () => {
    const { asked } = renderAt('/allReview?cursor=r1');
    expect(await screen.findByRole('heading', { name: 'Taro Yamada' })).toBeTruthy();
    expect(asked()).toEqual(['/api/review?cursor=r1']);
    expect(screen.getByRole('link', { name: 'Start from the newest reviews' }).getAttribute('href')).toBe(
      '/allReview',
    );
  });
});
