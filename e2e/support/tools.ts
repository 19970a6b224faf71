import type { Tool } from '@kanna/shared/catalog';
import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { demoAdmin } from './accounts';

/**
 * Journeys that add tools name them with this first: such a tool may be edited or deleted while
 * other journeys run, so a journey that buys either adds its own or takes one of the sample
 * data's (`sampleTools`).
 */
export const journeyToolMark = 'Test ';

/** The tools of `tools` that no journey added. */
export const sampleTools = (tools: Tool[]): Tool[] =>
  tools.filter((t) => !t.productName.startsWith(journeyToolMark));

/** A browser context signed in as the demo administrator (the journey's own page stays as it is). */
export async function adminContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: demoAdmin,
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), 'admin sign-in').toBe(200);
  return context;
}

/** Adds a tool through the API as an administrator; returns its id. */
export async function createTool(request: APIRequestContext, baseURL: string, body: Record<string, unknown>) {
  const response = await request.post('/api/handTools', {
    data: body,
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), `create ${body.productName}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}
