import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { signedIn } from '../../test/shopping';

/**
 * What managing accounts refuses, and in which words: each refusal answers with its status and
 * its text from messages.ts. The last-administrator and administrators-only checks are the ones
 * the delete makes under its locks, after the guard; they are asked of the service directly.
 */
let shop: TestShop;
let owner: Client;

beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: 'owner@refusals.example', AUTH_RATE_LIMIT: '1000' } });
  owner = await signedIn(shop, '10.13.0.1', 'Owner', 'owner@refusals.example');
});
afterAll(() => shop?.close());

describe('managing accounts', () => {
  it('an administrator cannot delete their own account', async () => {
    const res = await owner.delete('/api/users/owner@refusals.example');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.cannotDeleteSelf);
  });

  it('the last administrator is kept, and only an administrator deletes', async () => {
    await signedIn(shop, '10.13.0.2', 'Buyer', 'buyer@refusals.example');
    const { users } = shop.services;
    const caller = { id: 'not-an-admin', name: 'Buyer', email: 'buyer@refusals.example' };
    await expect(users.remove('owner@refusals.example', caller)).rejects.toMatchObject({
      kind: 'conflict',
      message: messages.lastAdminKept,
    });
    await signedIn(shop, '10.13.0.3', 'Other', 'other@refusals.example');
    await expect(users.remove('other@refusals.example', caller)).rejects.toMatchObject({
      kind: 'forbidden',
      message: messages.adminOnly,
    });
    expect(await users.exists('other@refusals.example')).toBe(true);
  });

  it('a profile change whose body names another e-mail than its address is refused', async () => {
    const res = await owner.request({
      method: 'PUT',
      url: '/api/users/owner@refusals.example',
      payload: { email: 'someone@refusals.example', displayName: 'Owner' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.emailNotTheAddress);
  });
});
