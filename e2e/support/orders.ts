import type { Tool } from '@kanna/shared/catalog';
import { expect, type Page } from '@playwright/test';

export type Placed = { id: string; number: string };

/** An order of the tool's minimum placed and paid with the test card through the API, as the page's buyer. */
export async function placeAndPay(page: Page, tool: Tool, address: string): Promise<Placed> {
  const headers = { Origin: new URL(page.url()).origin };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const { insertedId } = await post('/api/order', {
    lines: [{ toolId: tool._id, quantity: tool.minQuantity }],
    phone: '0794820471',
    address,
  });
  const { clientSecret } = await post('/api/create-payment-intent', { orderId: insertedId });
  const { transactionId } = await post('/api/test-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  const paid = await page.request.patch(`/api/order/${insertedId}`, { data: { transactionId }, headers });
  expect(paid.ok(), `PATCH /api/order: ${await paid.text()}`).toBe(true);
  return { id: insertedId, number: (await paid.json()).number };
}
