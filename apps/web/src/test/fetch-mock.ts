import { type Mock, vi } from 'vitest';

/** `fetch` as the app calls it: an address and the request's options. */
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A stand-in for `fetch` whose calls are typed as the app makes them; `answer` answers each. */
export function mockFetch(answer: Fetch): Mock<Fetch> {
  return vi.fn(answer);
}

/** The address and options of call `n` (the first by default) of a `mockFetch`; fails when there was none. */
export function fetchCall(mock: Mock<Fetch>, n = 0): { url: string; init: RequestInit } {
  const call = mock.mock.calls[n];
  if (!call) throw new Error(`fetch was called ${mock.mock.calls.length} times, not ${n + 1}`);
  const [url, init = {}] = call;
  return { url, init };
}
