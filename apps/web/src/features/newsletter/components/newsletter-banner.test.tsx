import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { fetchCall, mockFetch } from '../../../test/fetch-mock';
import { NewsletterBanner } from './newsletter-banner';

const answer = (status: number, body: unknown) =>
  mockFetch(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

function renderBanner() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterBanner />
      <Toaster />
    </QueryClientProvider>,
  );
}

function subscribe(email: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NewsletterBanner', () => {
  it('shows the heading, a labelled input with the placeholder, and the Subscribe button', () => {
    renderBanner();
    expect(screen.getByRole('heading', { name: 'Subscribe to our newsletter' })).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('placeholder')).toBe('Enter Your Email');
  });

  it("posts the address and shows the server's welcome", async () => {
    const fetchMock = answer(200, {
      subscribed: true,
      message: 'Thank you! You are subscribed to our newsletter.',
    });
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    subscribe('taro.yamada@kanna-tools.co.jp');

    expect(await screen.findByText('Thank you! You are subscribed to our newsletter.')).toBeTruthy();
    const { url, init } = fetchCall(fetchMock);
    expect(url).toBe('/api/newsletter');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'taro.yamada@kanna-tools.co.jp' });
  });

  it("shows the server's refusal and leaves the validation to the server", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Please enter a valid e-mail address to subscribe.',
      }),
    );
    renderBanner();
    subscribe('not-an-address');

    expect(await screen.findByText('Please enter a valid e-mail address to subscribe.')).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('not-an-address');
  });
});
