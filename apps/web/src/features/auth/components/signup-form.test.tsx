import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupForm } from './signup-form';

const fetchMock = vi.fn(async () => Response.json(null));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SignupForm', () => {
  it('asks for the name, the email and the password in the spec’s words', async () => {
    render(
      <MemoryRouter>
        <SignupForm target="/" onSignedIn={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'no-at-sign.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Provide a valid email')).toBeTruthy();
    expect(screen.getByText('name is required')).toBeTruthy();
    expect(screen.getByText('the password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
