import type { Tool } from '@kanna/shared/catalog';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { publicSettings } from '../../test/fixtures';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (statusCode: number, message: string) =>
  json(statusCode, { statusCode, error: 'Error', message });

export const tool: Tool = {
  _id: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40',
  productName: 'Oire Nomi Bench Chisel 24 mm',
  description: 'A laminated bench chisel with a red oak handle.',
  kind: 'chisel',
  img: '/media/chisel/640.webp',
  srcset: '/media/chisel/320.webp 320w, /media/chisel/640.webp 640w',
  minQuantity: 20,
  maxQuantity: 23,
  perPrice: 38.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2024-05-01T00:00:00.000Z',
};

export { order } from '../../test/fixtures';
export { publicSettings };

type Call = { url: string; method: string; body: unknown };

/**
 * Stubs fetch with `handler(url, method, body)`; returns the calls made, in order. An unhandled
 * call fails loudly.
 */
export function stubApi(handler: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      const response = handler(call);
      // The shop's public settings, when a test does not answer them (not counted among its calls):
      // nothing charged besides the goods.
      if (!response && call.url === '/api/settings') return json(200, publicSettings);
      calls.push(call);
      if (!response) throw new Error(`unexpected ${call.method} ${call.url}`);
      return response;
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `element` at `path` (matched by `route`) with a fresh query cache and a router. */
export function renderAt(element: ReactElement, { path = '/', route = '*' } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
