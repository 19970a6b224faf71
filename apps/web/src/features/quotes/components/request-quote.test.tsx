import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../test/pages';
import { RequestQuote } from './request-quote';

const lines = [
  { toolId: '11111111-1111-4111-8111-111111111111', quantity: 12 },
  { toolId: '22222222-2222-4222-8222-222222222222', quantity: 300 },
];

type Sent = { url: string; method: string; body: unknown };

/** Answers POST /api/quote-requests with `answer`, keeping what was sent. */
function stubPost(answer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url, method: init?.method ?? 'GET', body: JSON.parse(String(init?.body ?? 'null')) });
    return answer();
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('RequestQuote (the cart)', () => {
  it("sends the cart's lines and the note, then says (to screen readers too) that the request is sent", async () => {
    const sent = stubPost(() => json(201, { _id: '33333333-3333-4333-8333-333333333333' }));
    renderPage(<RequestQuote lines={lines} />, '/cart');
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    fireEvent.change(screen.getByLabelText('Note for the shop (optional)'), {
      target: { value: 'Delivery to Osaka in March' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your request for a quote is sent. We will answer by e-mail.',
      ),
    );
    expect(sent).toEqual([
      { url: '/api/quote-requests', method: 'POST', body: { lines, note: 'Delivery to Osaka in March' } },
    ]);
    // The form is closed; the button is back for another request.
    expect(screen.queryByLabelText('Note for the shop (optional)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a quote' })).toBeTruthy();
  });

  it('shows a refusal at the form and keeps the note', async () => {
    stubPost(() =>
      json(409, {
        statusCode: 409,
        error: 'Conflict',
        code: 'conflict',
        key: 'quoteRequestsTooMany',
        params: [20],
        message: 'You already have 20 requests for a quote waiting for our answer.',
      }),
    );
    renderPage(<RequestQuote lines={lines} />, '/cart');
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    const note = screen.getByLabelText('Note for the shop (optional)') as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Please hurry' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have 20 requests for a quote waiting for our answer.',
    );
    expect(note.value).toBe('Please hurry');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("asks for one tool in the quantity typed (beside a tool's Contact Supplier), starting at its minimum", async () => {
    const sent = stubPost(() => json(201, { _id: '33333333-3333-4333-8333-333333333333' }));
    const toolId = '44444444-4444-4444-8444-444444444444';
    renderPage(<RequestQuote tool={{ toolId, minQuantity: 20 }} />, `/purchase/${toolId}`);
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    const quantity = screen.getByLabelText('Quantity wanted') as HTMLInputElement;
    expect(quantity.value).toBe('20');
    expect(
      screen.getByText('We will price this tool in the quantity you need and answer by e-mail.'),
    ).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ lines: [{ toolId, quantity: 5000 }], note: '' });
  });

  it('speaks Japanese to a Japanese reader', async () => {
    stubPost(() => json(201, { _id: '33333333-3333-4333-8333-333333333333' }));
    renderPage(<RequestQuote lines={lines} />, '/cart', 'ja');
    fireEvent.click(await screen.findByRole('button', { name: '見積もりを依頼' }));
    fireEvent.click(screen.getByRole('button', { name: '依頼を送信' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '見積依頼を送信しました。メールにてご回答いたします。',
      ),
    );
  });
});
