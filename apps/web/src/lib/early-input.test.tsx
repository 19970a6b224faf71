import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { noteEarlyInput, WhenHydrated } from './early-input';

/** A search box and a choice kept in React's state, as the catalogue's filters are. */
function Filters() {
  const [kind, setKind] = useState('');
  const [search, setSearch] = useState('');
  return (
    <form>
      <input aria-label="Search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <select aria-label="Kind" value={kind} onChange={(event) => setKind(event.target.value)}>
        <option value="">All kinds</option>
        <option value="saw">Saw blades</option>
      </select>
      <output>{`kind=${kind} search=${search}`}</output>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The server's HTML in the page, a visitor's changes before React, then React taking it over. */
async function hydrateAfter(change: (form: HTMLElement) => void, noteFirst: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Filters />);
  document.body.append(container);
  if (noteFirst) noteEarlyInput(container);
  change(container);
  if (!noteFirst) noteEarlyInput(container);
  await act(async () => {
    root = hydrateRoot(
      container,
      <>
        <Filters />
        <WhenHydrated />
      </>,
    );
  });
  return container;
}

const search = (c: HTMLElement) => c.querySelector('input') as HTMLInputElement;
const kind = (c: HTMLElement) => c.querySelector('select') as HTMLSelectElement;

describe('what a visitor changes before the page is hydrated', () => {
  it.each([
    ['made while the page script ran', true],
    ['made before the page script ran', false],
  ])('is handed to React once it has taken the page over (changes %s)', async (_, noteFirst) => {
    const container = await hydrateAfter((c) => {
      fireEvent.change(kind(c), { target: { value: 'saw' } });
      fireEvent.input(search(c), { target: { value: 'blade' } });
    }, noteFirst);
    expect(container.querySelector('output')?.textContent).toBe('kind=saw search=blade');
    // And stays: React's next render keeps it.
    act(() => {
      fireEvent.change(kind(container), { target: { value: '' } });
    });
    expect(container.querySelector('output')?.textContent).toBe('kind= search=blade');
    expect(search(container).value).toBe('blade');
  });

  it('hands React nothing when the visitor changed nothing, or changed it back', async () => {
    const container = await hydrateAfter((c) => {
      fireEvent.change(kind(c), { target: { value: 'saw' } });
      fireEvent.change(kind(c), { target: { value: '' } });
    }, true);
    expect(container.querySelector('output')?.textContent).toBe('kind= search=');
  });
});
