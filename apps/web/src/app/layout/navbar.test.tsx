import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCart } from '../../lib/cart';
import { LanguageContext } from '../../lib/i18n';
import { resetSession } from '../../lib/session';
import { storeVisitorCart } from '../../test/fixtures';
import { RequireSignIn } from '../guards';
import { Navbar } from './navbar';

function renderAt(path: string, language: 'en' | 'ja' = 'en') {
  render(
    <LanguageContext.Provider value={language}>
      <MemoryRouter initialEntries={[path]}>
        <Navbar />
        <Routes>
          <Route path="*" element={null} />
          <Route path="purchase/:purchaseId" element={<RequireSignIn />} />
        </Routes>
      </MemoryRouter>
    </LanguageContext.Provider>,
  );
}

/**
 * The words of a text as the "label in name" rule (WCAG 2.5.3, ACT rule 2ee8b8) compares them:
 * what is in brackets left out (full-width ones too), then split at spaces and punctuation.
 */
const wordsOf = (text: string) =>
  text
    .replace(/[(（][^)）]*[)）]/gu, ' ')
    .split(/[\s\p{P}\p{S}]+/u)
    .filter(Boolean);

/** Whether the visible words appear, in order and whole, in the accessible name. */
const nameContainsVisible = (name: string, visible: string) => {
  const [n, v] = [wordsOf(name), wordsOf(visible)];
  return n.some((_, i) => v.length > 0 && v.every((word, j) => n[i + j] === word));
};

beforeEach(() => {
  resetSession();
  vi.stubGlobal('fetch', async () => Response.json(null));
});
afterEach(() => vi.unstubAllGlobals());

describe('Navbar', () => {
  it("shows the signed-out links and marks the current route's link", async () => {
    renderAt('/blog');
    await screen.findByRole('link', { name: 'Login' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('li a')).map((a) => a.textContent);
    expect(links).toEqual(['Home', 'Reviews', 'Blogs', 'MyPortfolio', 'Login']);
    expect(screen.getByRole('link', { name: 'Blogs' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('counts / as Home', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens and closes the phone menu with its button', () => {
    renderAt('/home');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the phone menu when a link is followed, and opens it again on the new page at one tap', () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Blogs' }));
    expect(screen.getByRole('link', { name: 'Blogs' }).getAttribute('aria-current')).toBe('page');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('sends a signed-out visitor from a purchase page to Login', async () => {
    renderAt('/purchase/9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Login' }).getAttribute('aria-current')).toBe('page'),
    );
  });
});

describe('Navbar, signed in', () => {
  const user = { id: 'u1', email: 'ken@kanna.example', name: 'Ken Mori', image: null, role: 'user' };

  it('adds Dashboard, Wooden Tools, Sign Out and the avatar with the name', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ user }));
    renderAt('/dashboard/myProfile');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy());
    const links = Array.from(nav.querySelectorAll('li a')).map((a) => a.textContent);
    expect(links).toEqual([
      'Home',
      'Reviews',
      'Blogs',
      'MyPortfolio',
      'Dashboard',
      'Wooden Tools',
      'Ken Mori',
    ]);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard/myProfile');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Wooden Tools' }).getAttribute('href')).toBe('/allProduct');
    const avatar = screen.getByRole('link', { name: 'Ken Mori' }).querySelector('img');
    expect(avatar?.getAttribute('src')).toBe('/default-avatar.svg');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('Sign Out revokes the session on the server and forgets the user', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return url === '/api/auth/sign-out' ? Response.json({ success: true }) : Response.json({ user });
    });
    renderAt('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(calls).toContain('POST /api/auth/sign-out');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});

describe('Navbar, the cart', () => {
  const one = '11111111-1111-4111-8111-111111111111';
  const two = '22222222-2222-4222-8222-222222222222';
  beforeEach(() => {
    localStorage.clear();
    resetCart();
  });

  it("shows a visitor's cart from this browser with its line count, outside the menu", async () => {
    storeVisitorCart({ toolId: one, quantity: 12 }, { toolId: two, quantity: 6 });
    renderAt('/cart');
    const cart = await screen.findByRole('link', { name: 'Cart, 2 tools' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.getAttribute('aria-current')).toBe('page');
    expect(cart.closest('ul')).toBeNull();
  });

  for (const [language, name] of [
    ['en', 'Cart, 2 tools'],
    ['ja', 'カート、工具 2 点'],
  ] as const)
    it(`says the count it shows as a word of its name, so its label is in its name (${language})`, async () => {
      storeVisitorCart({ toolId: one, quantity: 12 }, { toolId: two, quantity: 6 });
      renderAt('/cart', language);
      const cart = await screen.findByRole('link', { name: /\d/ });
      expect(cart.textContent).toBe('2');
      expect(nameContainsVisible(cart.getAttribute('aria-label') ?? '', cart.textContent ?? '')).toBe(true);
      expect(cart.getAttribute('aria-label')).toBe(name);
    });

  it("counts the account's cart once signed in, joined with this browser's", async () => {
    const user = { id: 'u1', email: 'ken@kanna.example', name: 'Ken Mori', image: null, role: 'user' };
    storeVisitorCart({ toolId: two, quantity: 6 });
    const puts: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/api/cart' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return Response.json({ lines: body.lines, totalPrice: 0 });
      }
      if (url === '/api/cart')
        return Response.json({ lines: [{ toolId: one, quantity: 12 }], totalPrice: 0 });
      return Response.json({ user });
    });
    renderAt('/home');
    expect(await screen.findByRole('link', { name: 'Cart, 2 tools' })).toBeTruthy();
    expect(puts).toEqual([
      {
        lines: [
          { toolId: one, quantity: 12 },
          { toolId: two, quantity: 6 },
        ],
      },
    ]);
    expect(localStorage.getItem('kanna.cart')).toBeNull();
  });
});
