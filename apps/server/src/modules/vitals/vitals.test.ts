import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const report = {
  name: 'LCP',
  value: 1234.5,
  rating: 'good',
  id: 'v5-1',
  path: '/',
  navigationType: 'navigate',
};
const send = (payload: unknown, ip = '127.0.0.1') =>
  shop.app.inject({ method: 'POST', url: '/api/vitals', payload: payload as object, remoteAddress: ip });

describe('POST /api/vitals', () => {
  it('accepts a web-vitals report (204)', async () => {
    const res = await send(report);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it.each([
    { ...report, name: 'FID2' },
    { ...report, value: -1 },
    { ...report, value: 'fast' },
    { ...report, rating: 'great' },
    { ...report, path: 'x'.repeat(301) },
  ])('refuses a malformed report with 400: %j', async (bad) => {
    const res = await send(bad, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('rate-limits one client (429) without affecting another', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await send(report, '10.0.0.9')).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 204)).toBe(true);
    const limited = await send(report, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    expect((await send(report, '10.0.0.10')).statusCode).toBe(204);
  });
});
