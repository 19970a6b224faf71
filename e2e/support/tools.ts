import type { Tool } from '@kanna/shared/catalog';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  expect,
  type TestInfo,
} from '@playwright/test';
import { demoAdmin } from './accounts';

/**
 * Journeys that add tools name them with this first: such a tool may be edited or deleted while
 * other journeys run, so a journey that buys either adds its own or takes one of the sample
 * data's (`sampleTools`).
 */
export const journeyToolMark = 'Test ';

/** The tools of `tools` that no journey added. */
const sampleTools = (tools: Tool[]): Tool[] =>
  tools.filter((t) => !t.productName.startsWith(journeyToolMark));

/** Every tool on sale now, newest first, from every page of the catalogue. */
export async function apiAllTools(request: APIRequestContext): Promise<Tool[]> {
  const found: Tool[] = [];
  let next: string | undefined = '/api/handTools?limit=200';
  while (next) {
    const response: APIResponse = await request.get(next);
    expect(response.status(), `GET ${next}`).toBe(200);
    found.push(...((await response.json()) as Tool[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers().link ?? '')?.[1];
  }
  return found;
}

/**
 * The tools on sale that no journey added, newest first, from every page of the catalogue: the
 * journeys add a hundred tools or more in a run, newest first, so late in the run the first page
 * holds none of the sample data's.
 */
export async function apiSampleTools(request: APIRequestContext): Promise<Tool[]> {
  return sampleTools(await apiAllTools(request));
}

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

/** A plain tool (no pack size; price breaks only when given) for `addOwnTools`; its picture is a sample tool's. */
export type PlainTool = Pick<Tool, 'kind' | 'minQuantity' | 'maxQuantity' | 'perPrice'> &
  Partial<Pick<Tool, 'volumePrices'>> & { name: string };

/**
 * Adds `tools` as the administrator, named with the journey mark and a stamp of this run, and
 * returns them as the API shows them: the newest tools, which no other journey buys or edits.
 */
export async function addOwnTools(
  browser: Browser,
  baseURL: string,
  testInfo: TestInfo,
  tools: PlainTool[],
): Promise<Tool[]> {
  const admin = await adminContext(browser, baseURL);
  try {
    const [sample] = await apiSampleTools(admin.request);
    if (!sample) throw new Error('no sample tool');
    // Not the project's name: a tool named "… phone …" would also answer getByLabel('Phone').
    const stamp = `${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36)}`;
    const added: Tool[] = [];
    for (const { name, ...tool } of tools) {
      const id = await createTool(admin.request, baseURL, {
        ...tool,
        productName: `${journeyToolMark}${name} ${stamp}`,
        description: `Made for the journey "${testInfo.title}".`,
        img: sample.img,
      });
      const response = await admin.request.get(`/api/handTools/${id}`);
      expect(response.status(), `the new tool ${name}`).toBe(200);
      added.push((await response.json()) as Tool);
    }
    return added;
  } finally {
    await admin.close();
  }
}
