import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-route';

const Page = ({ name }: { name: string }) => <p>Page {name}</p>;

describe('a lazy page', () => {
  it('shows its fallback while its chunk loads, then the page', async () => {
    const Lazy = lazyComponent(
      'first',
      async () => ({ Page }),
      (m) => m.Page,
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="one" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Page one')).toBeTruthy();
  });

  it('renders at once, with its props and no fallback, when its chunk was preloaded', async () => {
    const Lazy = lazyComponent(
      'second',
      async () => ({ Page }),
      (m) => m.Page,
    );
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="two" />
      </Suspense>,
    );
    // Synchronously: a page that suspended would show "Loading" here.
    expect(screen.getByText('Page two')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('tries the chunk again after a failed preload', async () => {
    let attempts = 0;
    const Lazy = lazyComponent(
      'third',
      async () => {
        attempts++;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { Page };
      },
      (m) => m.Page,
    );
    await expect(Lazy.preload()).rejects.toThrow('Loading chunk third failed.');
    await Lazy.preload();
    expect(attempts).toBe(2);
  });

  it('with fetchWhen, a render fetches its chunk only once that has settled', async () => {
    let fetches = 0;
    let open: () => void = () => {};
    const Lazy = lazyComponent(
      'gated',
      async () => {
        fetches++;
        return { Page };
      },
      (m) => m.Page,
      { fetchWhen: new Promise<void>((resolve) => (open = resolve)) },
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="gated" />
      </Suspense>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetches, 'nothing fetched before the gate opens').toBe(0);
    expect(screen.getByText('Loading')).toBeTruthy();

    await act(async () => open());
    expect(await screen.findByText('Page gated')).toBeTruthy();
    expect(fetches).toBe(1);
  });

  it('with fetchWhen, preload() fetches at once and lets a waiting render through', async () => {
    const Lazy = lazyComponent(
      'gated-preload',
      async () => ({ Page }),
      (m) => m.Page,
      { fetchWhen: new Promise<void>(() => {}) },
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="preloaded" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      await Lazy.preload();
    });
    expect(await screen.findByText('Page preloaded')).toBeTruthy();
  });
});
