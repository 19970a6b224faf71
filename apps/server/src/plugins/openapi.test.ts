import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { startTestShop, type TestShop } from '../test/harness';
import { operationIdFor } from './openapi';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

let shop: TestShop;
let doc: Document;

beforeAll(async () => {
  shop = await startTestShop();
  doc = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
});
afterAll(() => shop.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method, op })),
  );

describe('the OpenAPI document at /api/docs', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kanna-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = path.join(repoRoot(), 'node_modules/@redocly/cli/bin/cli.js');
      const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((err: { stdout: string }) => err);
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        problems: { ruleId: string; severity: string; message: string }[];
      };
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((e) => `${e.ruleId}: ${e.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names every operation once, and says which need a signed-in caller', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    const find = (p: string, method: string) => doc.paths[p]?.[method];
    // Public reads need nothing; buyers' and admins' calls need the session cookie or a bearer token.
    expect(find('/api/handTools', 'get')?.security).toEqual([]);
    expect(find('/api/order', 'post')?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(find('/api/order', 'get')?.responses).toHaveProperty('403');
    expect(doc.components).toHaveProperty('securitySchemes.bearerToken');
  });

  it('documents the sign-in endpoints and the one /api/order/{…} path', () => {
    expect(doc.paths).toHaveProperty(['/api/auth/sign-in/email', 'post']);
    expect(doc.paths).toHaveProperty(['/api/auth/sign-up/email', 'post']);
    expect(doc.paths['/api/order/{emailOrId}']).toHaveProperty('get');
    expect(doc.paths['/api/order/{emailOrId}']).toHaveProperty('delete');
  });

  it("states what each operation really answers: media types, refusals, paging and Better Auth's body", () => {
    type Answer = { content?: Record<string, unknown>; headers?: Record<string, unknown> };
    const answers = (p: string, method: string) =>
      (doc.paths[p]?.[method]?.responses ?? {}) as Record<string, Answer>;
    const types = (a: Answer | undefined) => Object.keys(a?.content ?? {});

    // Documents are PDFs, the export CSV, a recorded vital no body at all.
    const pdf = answers('/api/orders/{id}/documents/{kind}.pdf', 'get');
    expect(types(pdf['200'])).toEqual(['application/pdf']);
    expect(Object.keys(pdf)).toEqual(expect.arrayContaining(['403', '404', '409']));
    expect(types(answers('/api/order/export.csv', 'get')['200'])).toEqual(['text/csv']);
    expect(answers('/api/vitals', 'post')['204']?.content).toBeUndefined();

    // Uploads are multipart; a picture of another type is a 415.
    const media = doc.paths['/api/media']?.post as { requestBody?: { content: Record<string, unknown> } };
    expect(Object.keys(media.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(answers('/api/media', 'post')).toHaveProperty('415');

    // Every write can meet the Origin check; every path id can name nothing; paid states conflict.
    for (const [p, item] of Object.entries(doc.paths).filter(([p]) => !p.startsWith('/api/auth/'))) {
      for (const [method, op] of Object.entries(item)) {
        if (method !== 'get') expect(op.responses, `${method} ${p}`).toHaveProperty('403');
        if (p.includes('{')) expect(op.responses, `${method} ${p}`).toHaveProperty('404');
      }
    }
    expect(answers('/api/order/{id}/ship', 'patch')).toHaveProperty('409');
    expect(answers('/api/test-payments/confirm', 'post')).toHaveProperty('402');

    // A paged list says where its next page is.
    expect(answers('/api/order', 'get')['200']?.headers).toHaveProperty('link');
    expect(answers('/api/review', 'get')['200']?.headers).toHaveProperty('link');

    // Better Auth answers in its own body; no session is null.
    expect(JSON.stringify(answers('/api/auth/sign-in/email', 'post')['401'])).toContain('AuthError');
    expect(doc.components).toHaveProperty(['schemas', 'AuthError', 'required'], ['message']);
    expect(JSON.stringify(answers('/api/auth/get-session', 'get')['200'])).toContain('"nullable":true');
  });

  it('derives operation ids from method and path', () => {
    expect(operationIdFor('GET', '/api/order/:email')).toBe('getOrderByEmail');
    expect(operationIdFor('PATCH', '/api/order/:id/ship')).toBe('patchOrderByIdShip');
    expect(operationIdFor('POST', '/api/create-payment-intent')).toBe('postCreatePaymentIntent');
  });
});
