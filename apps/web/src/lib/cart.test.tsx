import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeVisitorCart } from '../test/fixtures';
import {
  addToCart,
  connectCart,
  flushCart,
  getCartSnapshot,
  mergeCarts,
  removeFromCart,
  resetCart,
  setCartQuantity,
} from './cart';
import type { SessionState } from './session';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const c = '33333333-3333-4333-8333-333333333333';

const signedOut: SessionState = { status: 'signed-out', user: null };
const signedIn: SessionState = {
  status: 'signed-in',
  user: { id: 'u1', email: 'Taro@Example.com', name: 'Taro', image: null, role: 'user', emailVerified: true },
};

type Call = { method: string; url: string; body: unknown };
function stubServer(initial: { toolId: string; quantity: number }[], unknown: string[] = []) {
  let saved = initial;
  const calls: Call[] = [];
  const priced = (lines: typeof saved) => ({
    lines: lines.map((l) => ({ ...l, productName: 'T', perPrice: 1, totalPrice: l.quantity, problem: null })),
    totalPrice: 0,
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', url, body });
    if (init?.method === 'PUT') {
      const lines = body.lines as typeof saved;
      const bad = lines.findIndex((l) => unknown.includes(l.toolId));
      if (bad >= 0)
        return Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'This tool was not found.',
            errors: [{ path: `lines.${bad}.toolId`, message: 'This tool was not found.' }],
          },
          { status: 400 },
        );
      saved = lines;
    }
    return Response.json(priced(saved));
  });
  return calls;
}

const settle = () => vi.waitFor(() => expect(getCartSnapshot().status).not.toBe('loading'));

beforeEach(() => {
  localStorage.clear();
  resetCart();
});
afterEach(() => vi.unstubAllGlobals());

describe('mergeCarts', () => {
  it("keeps the account's lines first, each tool once with the larger quantity", () => {
    expect(
      mergeCarts(
        [
          { toolId: a, quantity: 10 },
          { toolId: b, quantity: 5 },
        ],
        [
          { toolId: b, quantity: 12 },
          { toolId: c, quantity: 3 },
        ],
      ),
    ).toEqual([
      { toolId: a, quantity: 10 },
      { toolId: b, quantity: 12 },
      { toolId: c, quantity: 3 },
    ]);
  });
});

describe('a visitor’s cart', () => {
  it('lives in localStorage: add, change, remove', async () => {
    connectCart(signedOut);
    await addToCart([{ toolId: a, quantity: 6 }]);
    await addToCart([{ toolId: a, quantity: 6 }]);
    await addToCart([{ toolId: b, quantity: 1 }]);
    setCartQuantity(b, 3);
    expect(JSON.parse(localStorage.getItem('kanna.cart') ?? '')).toEqual({
      lines: [
        { toolId: a, quantity: 12 },
        { toolId: b, quantity: 3 },
      ],
    });
    removeFromCart(a);
    removeFromCart(b);
    expect(localStorage.getItem('kanna.cart')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('kanna.cart', '{"lines":[{"toolId":1},{"toolId":"x","quantity":-2},"x"]}');
    connectCart(signedOut);
    expect(getCartSnapshot().items).toEqual([]);
  });
});

describe('at sign-in', () => {
  it("joins this browser's cart to the account's, saves it, and clears the local copy", async () => {
    storeVisitorCart({ toolId: b, quantity: 12 });
    const calls = stubServer([{ toolId: a, quantity: 10 }]);
    connectCart(signedIn);
    await settle();
    expect(calls.map((x) => `${x.method} ${x.url}`)).toEqual(['GET /api/cart', 'PUT /api/cart']);
    expect(calls[1]?.body).toEqual({
      lines: [
        { toolId: a, quantity: 10 },
        { toolId: b, quantity: 12 },
      ],
    });
    expect(getCartSnapshot().items).toHaveLength(2);
    expect(localStorage.getItem('kanna.cart')).toBeNull();
  });

  it('drops a tool the server does not know and saves the rest', async () => {
    storeVisitorCart({ toolId: c, quantity: 1 }, { toolId: b, quantity: 2 });
    stubServer([], [c]);
    connectCart(signedIn);
    await settle();
    expect(getCartSnapshot().items).toEqual([{ toolId: b, quantity: 2 }]);
  });

  it("keeps the account's cart on the server: changes are PUT", async () => {
    const calls = stubServer([]);
    connectCart(signedIn);
    await settle();
    await addToCart([{ toolId: a, quantity: 24 }]);
    await flushCart();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/cart',
      body: { lines: [{ toolId: a, quantity: 24 }] },
    });
    expect(getCartSnapshot().priced?.lines[0]?.quantity).toBe(24);
    expect(localStorage.getItem('kanna.cart')).toBeNull();
  });
});
