import { messages } from '@kanna/shared/domain/messages';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestModeNotice } from './test-mode-notice';

afterEach(() => {
  delete document.documentElement.dataset.payments;
  vi.unstubAllGlobals();
});

describe('TestModeNotice', () => {
  it('shows the notice in the first render when the page says test mode, without asking the API', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.documentElement.dataset.payments = 'test';
    render(<TestModeNotice />);
    // Synchronously there: nothing appears (and pushes the page down) after the first paint.
    expect(screen.getByRole('note').textContent).toBe(messages.testModeNotice);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows nothing when payments are real', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.documentElement.dataset.payments = 'stripe';
    const { container } = render(<TestModeNotice />);
    expect(container.innerHTML).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks /api/settings when the page was not served by the shop (development server)', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/settings'
        ? Response.json({ google: false, payments: 'test', stripePublishableKey: null })
        : Response.json(null, { status: 404 }),
    );
    render(<TestModeNotice />);
    await waitFor(() => expect(screen.getByRole('note').textContent).toBe(messages.testModeNotice));
  });
});
