import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../lib/session';
import { RequireAdmin, RequireSignIn } from './guards';

function LoginProbe() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string; search?: string } } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search ?? ''}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="login" element={<LoginProbe />} />
        <Route element={<RequireSignIn />}>
          <Route path="dashboard/myOrders" element={<p>my orders</p>} />
          <Route element={<RequireAdmin />}>
            <Route path="dashboard/users" element={<p>all users</p>} />
          </Route>
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** GET /api/auth/get-session answers with this user, or null when signed out. */
function sessionIs(user: { role: 'user' | 'admin' } | null) {
  const body = user ? { user: { id: 'u1', email: 'ken@kanna.example', name: 'Ken', ...user } } : null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );
}

beforeEach(() => resetSession());
afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('show the loading dots while the session is asked for, not the page', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderAt('/dashboard/myOrders');
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByText('my orders')).toBeNull();
    expect(screen.queryByText(/login page/)).toBeNull();
  });

  it('send a signed-out visitor to /login, remembering where they were going', async () => {
    sessionIs(null);
    renderAt('/dashboard/myOrders?page=2');
    expect(await screen.findByText('login page, from /dashboard/myOrders?page=2')).toBeTruthy();
  });

  it('let a signed-in user in', async () => {
    sessionIs({ role: 'user' });
    renderAt('/dashboard/myOrders');
    expect(await screen.findByText('my orders')).toBeTruthy();
  });

  it('send a customer away from an admin route to /login', async () => {
    sessionIs({ role: 'user' });
    renderAt('/dashboard/users');
    expect(await screen.findByText('login page, from nowhere')).toBeTruthy();
    expect(screen.queryByText('all users')).toBeNull();
  });

  it('let an administrator into an admin route', async () => {
    sessionIs({ role: 'admin' });
    renderAt('/dashboard/users');
    expect(await screen.findByText('all users')).toBeTruthy();
  });
});
