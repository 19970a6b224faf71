import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fetchCall, mockFetch } from '../../../test/fetch-mock';
import { RatingInput } from './rating-input';
import { ReviewForm } from './review-form';

const notify = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../../lib/toast', () => ({ notify }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Rating() {
  const [value, setValue] = useState<number | undefined>();
  return (
    <>
      <span id="rating-label">Rating</span>
      <RatingInput value={value} onChange={setValue} labelledBy="rating-label" />
    </>
  );
}

const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('value'));

afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockClear();
});

describe('RatingInput', () => {
  it('is a radio group named Rating with the options 1 to 5 stars', () => {
    render(<Rating />);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeTruthy();
    expect(checked()).toEqual([]);
  });

  it('moves and chooses with the arrow keys, stops at the ends, and jumps with Home and End', () => {
    render(<Rating />);
    const first = screen.getByRole('radio', { name: '1 star' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(checked()).toEqual(['2']);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '2 stars' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(checked()).toEqual(['4']);

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(checked()).toEqual(['3']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(checked()).toEqual(['2']);

    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(checked()).toEqual(['5']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(checked()).toEqual(['5']);

    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(checked()).toEqual(['1']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(checked()).toEqual(['1']);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star' }));
  });

  it('chooses with a click too', () => {
    render(<Rating />);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(checked()).toEqual(['3']);
  });
});

function renderForm() {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <ReviewForm />
    </QueryClientProvider>,
  );
  return { invalidate };
}

describe('ReviewForm', () => {
  it('asks for a rating and the review text before posting', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Rating is required')).toBeTruthy();
    expect(screen.getByText('Review is required')).toBeTruthy();
    expect(screen.getByLabelText('Review').getAttribute('aria-invalid')).toBe('true');
    // The first field in error takes the focus: the rating, above the text.
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the characters and refuses more than 1,000', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    expect(screen.getByText('0 / 1,000 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1,001 / 1,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Review must be at most 1,000 characters long')).toBeTruthy();
  });

  it('posts the rating and text, says so, empties the form and refreshes the reviews', async () => {
    const fetchMock = mockFetch(async () => json(201, { acknowledged: true, insertedId: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
    const { invalidate } = renderForm();
    const star = screen.getByRole('radio', { name: '1 star' });
    star.focus();
    fireEvent.keyDown(star, { key: 'End' });
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: '  Sharp out of the box.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Your Review is successfully post'));
    const { url, init } = fetchCall(fetchMock);
    expect(url).toBe('/api/review');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ rating: 5, description: 'Sharp out of the box.' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['reviews'] });
    await waitFor(() => expect((screen.getByLabelText('Review') as HTMLTextAreaElement).value).toBe(''));
    expect(checked()).toEqual([]);
  });

  it("shows the server's message when posting fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down a little.' }),
      ),
    );
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Good.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Slow down a little.');
    expect(notify).not.toHaveBeenCalled();
  });
});
