import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

const fetchMock = vi.fn(async () => Response.json(null));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm target="/" onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return { onSignedIn };
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

describe('LoginForm', () => {
  it('asks for the email and the password in the spec’s words, and sends nothing', async () => {
    const { onSignedIn } = renderForm();
    submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('login-email-error');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('refuses an address that is not an email and a password shorter than 6', async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: 'taro.kanna' } });
    fireEvent.change(password(), { target: { value: '12345' } });
    submit();
    expect(await screen.findByText('Provide a valid email')).toBeTruthy();
    expect(screen.getByText('the password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts a real-world address such as one on a .co.jp domain', async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: 'taro.yamada@kanna-tools.co.jp' } });
    fireEvent.change(password(), { target: { value: '12345' } });
    submit();
    await screen.findByText('the password must be at least 6 characters long');
    expect(screen.queryByText('Provide a valid email')).toBeNull();
  });

  it('asks for an email before sending a reset link', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('please provide a valid email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal on the form', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        { status: 401 },
      ),
    );
    const { onSignedIn } = renderForm();
    fireEvent.change(email(), { target: { value: 'buyer@kanna.example' } });
    fireEvent.change(password(), { target: { value: 'wrong-password' } });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid email or password'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
