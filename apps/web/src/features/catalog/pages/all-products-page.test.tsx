import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { chisel } from '../../../test/fixtures';
import { json } from '../../../test/pages';
import { AllProductsPage } from './all-products-page';

const tool = chisel;

let location = '';
let navigate: ReturnType<typeof useNavigate> = () => {};
function Probe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  navigate = useNavigate();
  return null;
}

/** Renders the page at `url` with the server's catalogue answering as `answer` does; `asked`: what it fetched. */
function renderWith(url: string, answer: (params: URLSearchParams) => Response) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const fetchMock = vi.fn(async (input: string) => answer(new URL(input, 'http://shop').searchParams));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AllProductsPage />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked: () => fetchMock.mock.calls.map((call) => String(call[0])) };
}

/** One tool in the catalogue; a search for 'nothing' finds none. */
const renderPage = (url = '/allProduct') =>
  renderWith(url, (params) => json(200, params.get('search') === 'nothing' ? [] : [tool({})]));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AllProductsPage filters', () => {
  it('reads search, sort and kind from the address and asks the server for them', async () => {
    const { asked } = renderPage('/allProduct?search=nomi&sort=price-desc&kind=chisel');
    expect((screen.getByRole('searchbox', { name: 'Search by name' }) as HTMLInputElement).value).toBe(
      'nomi',
    );
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('price-desc');
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('chisel');
    await screen.findByRole('heading', { name: 'Oire Nomi Bench Chisel 24 mm' });
    expect(asked()).toEqual(['/api/handTools?search=nomi&sort=price-desc&kind=chisel']);
    expect(screen.getByText('1 tool in Chisels matching “nomi”')).toBeTruthy();
  });

  it('writes sort and kind into the address, leaving defaults out', async () => {
    const { asked } = renderPage();
    await screen.findByRole('heading', { name: 'Oire Nomi Bench Chisel 24 mm' });
    expect(asked()).toEqual(['/api/handTools']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    expect(location).toBe('/allProduct?sort=price-asc');
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'saw' } });
    expect(location).toBe('/allProduct?sort=price-asc&kind=saw');
    await waitFor(() => expect(asked()).toContain('/api/handTools?sort=price-asc&kind=saw'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'newest' } });
    expect(location).toBe('/allProduct?kind=saw');
  });

  it('a new kind takes the search typed just before it along, in one step', async () => {
    const { asked } = renderPage();
    await screen.findByRole('heading', { name: 'Oire Nomi Bench Chisel 24 mm' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), {
      target: { value: 'nomi' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'chisel' } });
    expect(location).toBe('/allProduct?search=nomi&kind=chisel');
    await waitFor(() => expect(asked()).toContain('/api/handTools?search=nomi&kind=chisel'));
    // Longer than the search box's pause: nothing more is asked for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked()).toEqual(['/api/handTools', '/api/handTools?search=nomi&kind=chisel']);
  });

  it('follows the search box after a pause in typing, and Back shows the earlier list again', async () => {
    const { asked } = renderPage('/allProduct?kind=plane');
    const box = screen.getByRole('searchbox', { name: 'Search by name' }) as HTMLInputElement;
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'kan' } });
    fireEvent.change(box, { target: { value: 'kanna ' } });
    await waitFor(() => expect(location).toBe('/allProduct?search=kanna&kind=plane'));
    // The trailing space the user is still typing after stays in the box.
    expect(box.value).toBe('kanna ');
    await waitFor(() => expect(asked()).toContain('/api/handTools?search=kanna&kind=plane'));

    act(() => {
      void navigate(-1);
    });
    expect(location).toBe('/allProduct?kind=plane');
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('says when nothing matches, and shows everything again on request', async () => {
    renderPage('/allProduct?search=nothing&kind=saw');
    expect(await screen.findByText(/No tools match your search/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all tools' }));
    expect(location).toBe('/allProduct');
    expect(await screen.findByRole('heading', { name: 'Oire Nomi Bench Chisel 24 mm' })).toBeTruthy();
  });

  it('ignores unknown values in the address', async () => {
    const { asked } = renderPage('/allProduct?sort=cheapest&kind=spoon');
    await screen.findByRole('heading', { name: 'Oire Nomi Bench Chisel 24 mm' });
    expect(asked()).toEqual(['/api/handTools']);
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('');
  });
});

describe('AllProductsPage paging', () => {
  const second = tool({ _id: '1d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d41', productName: 'Genno Hammer 375 g' });

  /** Two pages of chisels: the first links the second (cursor c1). */
  const renderPaged = (url: string) =>
    renderWith(url, (params) =>
      params.get('cursor') === 'c1'
        ? json(200, [second])
        : json(200, [tool({})], { Link: '</api/handTools?kind=chisel&cursor=c1>; rel="next"' }),
    );

  it('links to the next page for crawlers, and a click loads it in place', async () => {
    const { asked } = renderPaged('/allProduct?kind=chisel');
    const more = await screen.findByRole('link', { name: 'More tools' });
    expect(more.getAttribute('href')).toBe('/allProduct?kind=chisel&cursor=c1');
    expect(screen.getByText('1 tool in Chisels; more below')).toBeTruthy();
    fireEvent.click(more);
    expect(await screen.findByRole('heading', { name: 'Genno Hammer 375 g' })).toBeTruthy();
    expect(asked()).toEqual(['/api/handTools?kind=chisel', '/api/handTools?kind=chisel&cursor=c1']);
    expect(location).toBe('/allProduct?kind=chisel');
    expect(screen.queryByRole('link', { name: 'More tools' })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Genno Hammer 375 g');
  });

  it('opened at a later page, shows the tools after the cursor, and a filter starts again', async () => {
    const { asked } = renderPaged('/allProduct?kind=chisel&cursor=c1');
    expect(await screen.findByRole('heading', { name: 'Genno Hammer 375 g' })).toBeTruthy();
    expect(asked()).toEqual(['/api/handTools?kind=chisel&cursor=c1']);
    expect(screen.getByRole('link', { name: 'Start from the first tools' }).getAttribute('href')).toBe(
      '/allProduct?kind=chisel',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    expect(location).toBe('/allProduct?sort=price-asc&kind=chisel');
  });
});
