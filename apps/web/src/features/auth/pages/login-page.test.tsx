import { messages } from '@kanna/shared/domain/messages';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { resetSession } from '../../../lib/session';
import { LoginPage } from './login-page';

/** Signed out: every call (the session, the settings) answers null. */
beforeEach(() => {
  resetSession();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(null)),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LoginPage />
    </MemoryRouter>,
  );

/** What the login page says above its form, once it shows the form. */
const intro = async () => {
  await screen.findByRole('form');
  return screen.queryByRole('status')?.textContent ?? null;
};

/** The login page a guard sent the user to from `from`, in `language`. */
const sentFrom = (from: string, language: 'en' | 'ja' = 'en') =>
  render(
    <LanguageContext.Provider value={language}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { from: { pathname: from } } }]}>
        <LoginPage />
      </MemoryRouter>
    </LanguageContext.Provider>,
  );

describe('LoginPage', () => {
  it('where a verification link leads, says the address is confirmed and asks to log in', async () => {
    renderAt('/login?confirmed=1');
    expect(await screen.findByText(messages.emailConfirmed)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy();
  });

  it('says nothing of a confirmation otherwise', async () => {
    renderAt('/login');
    expect(await screen.findByRole('form', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText(messages.emailConfirmed)).toBeNull();
  });

  describe('sent from a page that needs an account', () => {
    const tool = '/purchase/0f8e6c4a-52b1-4c1e-9a43-3f1d2b7e9c10';
    it('says in words what the user logs in for, never the address of the page', async () => {
      const { container } = sentFrom(tool);
      expect(await intro()).toBe('Please log in to order this tool.');
      expect(container.textContent).not.toContain('/purchase');
    });

    it('in Japanese too', async () => {
      const { container } = sentFrom(tool, 'ja');
      expect(await intro()).toBe('この工具をご注文いただくには、ログインしてください。');
      expect(container.textContent).not.toContain('/purchase');
    });

    it('names the buyer’s and the admin’s pages, and says only “welcome back” for one it does not know', async () => {
      const cases: [string, string][] = [
        ['/dashboard/myOrders', 'Please log in to see your orders.'],
        ['/dashboard/myOrders/0f8e6c4a-52b1-4c1e-9a43-3f1d2b7e9c10', 'Please log in to see your order.'],
        ['/dashboard/payment/0f8e6c4a-52b1-4c1e-9a43-3f1d2b7e9c10', 'Please log in to pay for your order.'],
        ['/dashboard/allOrders', 'Please log in to open the shop’s administration.'],
      ];
      for (const [from, says] of cases) {
        const { unmount } = sentFrom(from);
        expect(await intro(), from).toBe(says);
        unmount();
      }
      const { container } = sentFrom('/somewhere/else');
      expect(await intro()).toBeNull();
      expect(container.textContent).not.toContain('/somewhere');
    });
  });
});
