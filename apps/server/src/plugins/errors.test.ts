import { messages } from '@kanna/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../test/harness';

/**
 * The one error shape's own answers, when no rule gave a message: a failure of ours (500), a
 * refusal without words of its own (429) and an unknown API path (404), all in the words of
 * messages.ts. Whether a 500 is also printed to stderr is the shop's configuration
 * (KANNA_DEBUG), read once by config.ts like every other variable.
 */
const failing = (app: FastifyInstance) => {
  app.get('/api/test-failure', async () => {
    throw new Error('a bug of ours');
  });
  app.get('/api/test-limited', async () => {
    throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
  });
};
let quiet: TestShop;
let debugging: TestShop;

beforeAll(async () => {
  quiet = await startTestShop({ beforeReady: failing });
  debugging = await startTestShop({ env: { KANNA_DEBUG: '1' }, beforeReady: failing });
});
afterAll(async () => {
  await quiet?.close();
  await debugging?.close();
});
afterEach(() => vi.restoreAllMocks());

describe('the error handler', () => {
  it('answers a failure of ours with 500 and a generic message, never the error', async () => {
    const res = await quiet.app.inject('/api/test-failure');
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'server_failed',
      key: 'serverFailed',
      params: [],
      message: messages.serverFailed,
    });
    expect(res.body).not.toContain('a bug of ours');
  });

  it('answers a 429 without words of its own in the shop’s words', async () => {
    const res = await quiet.app.inject('/api/test-limited');
    expect(res.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'too_many',
      key: 'tooManyRequests',
      params: [],
      message: messages.tooManyRequests,
    });
  });

  it('names an API path that does not exist', async () => {
    const res = await quiet.app.inject('/api/nothing-at-all');
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'not_found',
      key: 'noApiRoute',
      params: ['/api/nothing-at-all'],
      message: messages.noApiRoute('/api/nothing-at-all'),
    });
  });

  it('prints a 500 to stderr only when the configuration says KANNA_DEBUG', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await quiet.app.inject('/api/test-failure')).statusCode).toBe(500);
    expect(printed).not.toHaveBeenCalled();
    expect((await debugging.app.inject('/api/test-failure')).statusCode).toBe(500);
    expect(printed).toHaveBeenCalledWith(expect.objectContaining({ message: 'a bug of ours' }));
  });
});

describe('refusals in the words of messages.ts', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  it('a picture address that cannot name a picture, and a picture that does not exist', async () => {
    const badId = await quiet.app.inject('/media/not-an-id/640.webp');
    expect(badId.json()).toMatchObject({ statusCode: 400, message: messages.imageIdInvalid });
    const badFile = await quiet.app.inject(`/media/${id}/large.webp`);
    expect(badFile.json()).toMatchObject({ statusCode: 400, message: messages.imageFileInvalid });
    expect(badId.json()).toMatchObject({ code: 'invalid', key: 'imageIdInvalid', params: [] });
    expect(badFile.json()).toMatchObject({ code: 'invalid', key: 'imageFileInvalid', params: [] });
    const missing = await quiet.app.inject(`/media/${id}/640.webp`);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'not_found',
      key: 'notFound',
      params: ['This image'],
      message: messages.notFound('This image'),
    });
  });
});
