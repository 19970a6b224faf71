import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorMessage } from '../components/ui/chunk-error-message';
import { ChunkLoadError, lazyComponent, loadChunk } from '../lib/lazy-route';
import { RootLayout } from './layout/root-layout';

beforeEach(() => {
  // The navbar asks who is signed in: nobody.
  vi.stubGlobal('fetch', async () => Response.json(null));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a page whose chunk fails to load', () => {
  it("shows 'Loading chunk {n} failed.' with the failure type and the address, inside the layout", async () => {
    // React reports errors caught by boundaries on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const address = 'http://localhost:3000/assets/blog-page-Dx1.js';
    const BrokenBlog = lazyComponent(
      'blog',
      () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`)),
      () => () => null,
    );
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="blog" element={<BrokenBlog />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Loading chunk blog failed.' })).toBeTruthy();
    expect(screen.getByText(`(missing: ${address})`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    // The navigation stays usable.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});

describe('ChunkErrorMessage', () => {
  it('retries when asked', () => {
    const onRetry = vi.fn();
    render(
      <ChunkErrorMessage
        chunk="allReview"
        type="timeout"
        address="http://localhost/allReview"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Loading chunk allReview failed.' })).toBeTruthy();
    expect(screen.getByText('(timeout: http://localhost/allReview)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('loadChunk', () => {
  it('gives up with a timeout failure when the chunk never arrives', async () => {
    const never = new Promise<never>(() => {});
    const error = await loadChunk('signup', () => never, 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('timeout');
    expect((error as ChunkLoadError).message).toBe('Loading chunk signup failed.');
  });

  it('reports an error inside the module as an error failure', async () => {
    const error = await loadChunk('blog', () => Promise.reject(new Error('boom at /assets/blog.js'))).catch(
      (e: unknown) => e,
    );
    expect((error as ChunkLoadError).type).toBe('error');
    expect((error as ChunkLoadError).address).toBe('/assets/blog.js');
  });
});
