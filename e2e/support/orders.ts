import type { Tool } from '@kanna/shared/catalog';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSampleTools } from './tools';

export type Placed = { id: string; number: string };

/** What every POST of the journeys' buyers carries: the shop's own Origin (and any extra header). */
const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

async function postOk(page: Page, path: string, data: unknown, headers: Record<string, string>) {
  const response = await page.request.post(path, { data, headers });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/**
 * Pays an unpaid order with the test card 4242… through the API, as the page's buyer (`headers`
 * when a journey sends its own client address); the paid order as the shop answers it.
 */
export async function payByTestCard(
  page: Page,
  orderId: string,
  headers: Record<string, string> = originOf(page),
): Promise<{ number: string }> {
  const { clientSecret } = await postOk(page, '/api/create-payment-intent', { orderId }, headers);
  const { transactionId } = await postOk(
    page,
    '/api/test-payments/confirm',
    { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers,
  );
  const paid = await page.request.patch(`/api/order/${orderId}`, { data: { transactionId }, headers });
  expect(paid.ok(), `PATCH /api/order: ${await paid.text()}`).toBe(true);
  return paid.json();
}

/** An order of the tool's minimum placed and paid with the test card through the API, as the page's buyer. */
export async function placeAndPay(page: Page, tool: Tool, address: string): Promise<Placed> {
  const headers = originOf(page);
  const { insertedId } = await postOk(
    page,
    '/api/order',
    { lines: [{ toolId: tool._id, quantity: tool.minQuantity }], phone: '0794820471', address },
    headers,
  );
  const paid = await payByTestCard(page, insertedId, headers);
  return { id: insertedId, number: paid.number };
}

/**
 * Places an order on account of a sample tool with stock to spare (its minimum quantity) through
 * the API, as the buyer whose cookies `request` carries (a member of a company with terms), to a
 * Tokyo address naming `email`; returns its id.
 */
export async function placeOnAccount(
  request: APIRequestContext,
  origin: string,
  email: string,
): Promise<string> {
  const tool = (await apiSampleTools(request)).find((t) => t.maxQuantity >= t.minQuantity * 2);
  if (!tool) throw new Error('no sample tool with stock to spare');
  const placed = await request.post('/api/order', {
    data: {
      phone: '0312345678',
      address: `1-2-3 Kuramae, Taito-ku, Tokyo ${email}`,
      lines: [{ toolId: tool._id, quantity: tool.minQuantity }],
      paymentMethod: 'account',
    },
    headers: { Origin: origin },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { insertedId: string }).insertedId;
}
