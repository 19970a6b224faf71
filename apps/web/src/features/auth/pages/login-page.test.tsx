import { messages } from '@kanna/shared/domain/messages';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
