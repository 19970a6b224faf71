import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { chisel } from '../../../test/fixtures';
import { json } from '../../../test/pages';
import { NewestTools } from './newest-tools';

const tool = chisel({ srcset: '/media/chisel/320.webp 320w, /media/chisel/640.webp 640w' });

function renderSection() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewestTools />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NewestTools (home page)', () => {
  it('asks for the 8 newest tools, shows the loading dots, then the cards and see more', async () => {
    const fetchMock = vi.fn(async () => json(200, [tool]));
    vi.stubGlobal('fetch', fetchMock);
    renderSection();

    expect(screen.getByRole('status').textContent).toBe('Loading tools');
    expect(await screen.findByRole('heading', { name: tool.productName })).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/handTools?limit=8');
    expect(screen.getByRole('heading', { name: 'Wooded Working Tools' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /see more/ }).getAttribute('href')).toBe('/allProduct');
  });

  it('says so when there are no tools', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    renderSection();
    expect(await screen.findByText(/No tools are listed yet/)).toBeTruthy();
  });

  it("shows the server's message on failure and loads again on Retry", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(503, { statusCode: 503, error: 'Service Unavailable', message: 'The shop is busy.' }),
      )
      .mockResolvedValueOnce(json(200, [tool]));
    vi.stubGlobal('fetch', fetchMock);
    renderSection();

    expect(await screen.findByText('The shop is busy.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: tool.productName })).toBeTruthy();
  });
});
