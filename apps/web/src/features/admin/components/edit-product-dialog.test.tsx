import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { plane, publicSettings } from '../../../test/fixtures';
import { EditProductDialog } from './edit-product-dialog';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));

const tool = plane();

afterEach(() => vi.unstubAllGlobals());

function renderDialog(settings: unknown = tool) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(url === '/api/settings' ? settings : tool), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditProductDialog tool={tool} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { sent, onClose };
}

describe('EditProductDialog', () => {
  it('sends a new available quantity with the one the form was loaded with', async () => {
    const { sent, onClose } = renderDialog();
    fireEvent.change(screen.getByLabelText('Available quantity'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = sent.find((s) => s.url.includes(`/api/handTools/${tool._id}`));
    expect(patch?.body).toEqual({ maxQuantity: 60, loadedMaxQuantity: 50 });
  });

  it('sends no loaded quantity when the available quantity is not changed', async () => {
    const { sent, onClose } = renderDialog();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = sent.find((s) => s.url.includes(`/api/handTools/${tool._id}`));
    expect(patch?.body).toEqual({ perPrice: 60 });
  });

  it('shows the yen price derived at the shop’s rate, read from the shop’s settings', async () => {
    renderDialog({ ...publicSettings, charges: { ...publicSettings.charges, yenPerDollar: 150 } });
    // $54.50 at ¥150/$ is ¥8,175, rounded up to ¥8,180.
    expect(await screen.findByText('Derived: ¥8,180 (from $54.50 at ¥150/$)')).toBeTruthy();
  });
});
