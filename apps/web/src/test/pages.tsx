import type { UserRecord } from '@kanna/shared/users';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { LanguageContext } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

/** An API answer with a JSON body. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The API's answer to a request that failed on the server (500). */
export const serverFailure = () =>
  json(500, { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' });

/** Where the page under test is now (path and query), as the last render left it. */
export const address = { current: '' };

function Probe() {
  const current = useLocation();
  address.current = `${current.pathname}${current.search}`;
  return null;
}

/** Renders a page at `url` in `language`, with a fresh query cache (no retries) and a router. */
export function renderPage(page: ReactElement, url: string, language: 'en' | 'ja' = 'en') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <LanguageContext value={language}>{page}</LanguageContext>
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A user as the admin's list and the profile read one: nothing filled in but what `over` gives. */
export const userRecord = (over: Partial<UserRecord>): UserRecord => ({
  email: 'someone@example.com',
  displayName: 'Someone',
  role: 'user',
  emailVerified: true,
  phone: null,
  district: null,
  city: null,
  streetAddress: null,
  country: null,
  company: null,
  department: null,
  facebook: null,
  linkedin: null,
  img: null,
  approved: false,
  language: null,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});
