import {
  adminCheck,
  emailParam,
  modifiedResponse,
  userList,
  userRecord,
  userUpsertRequest,
  userUpsertResponse,
} from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { assertSelfOrAdmin, type Guards, userOf } from '../../plugins/auth';
import type { UsersService } from './users.service';

const tags = ['users'];

export const usersRoutes =
  (users: UsersService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/users/:email',
      {
        onRequest: guards.requireUser,
        schema: {
          tags,
          summary: 'Upsert the user record after sign-in, or save the profile form',
          params: emailParam,
          body: userUpsertRequest,
          response: { 200: userUpsertResponse },
        },
      },
      async (request) => {
        const caller = userOf(request);
        const { email } = request.params;
        assertSelfOrAdmin(caller, email);
        const { email: bodyEmail, ...changes } = request.body;
        if (bodyEmail && bodyEmail.toLowerCase() !== email) {
          throw new AppError(400, 'The e-mail in the body does not match the address.');
        }
        const result = await users.update(email, changes);
        const own = caller.email.toLowerCase() === email;
        return {
          acknowledged: true as const,
          ...result,
          ...(own ? { jwtAccessToken: caller.sessionToken } : {}),
        };
      },
    );

    app.get(
      '/users/:email',
      { onRequest: guards.requireUser, schema: { tags, params: emailParam, response: { 200: userRecord } } },
      async (request) => {
        assertSelfOrAdmin(userOf(request), request.params.email);
        return users.get(request.params.email);
      },
    );

    app.get(
      '/admin/:email',
      { onRequest: guards.requireUser, schema: { tags, params: emailParam, response: { 200: adminCheck } } },
      async (request) => {
        assertSelfOrAdmin(userOf(request), request.params.email);
        return { admin: await users.isAdmin(request.params.email) };
      },
    );

    app.get(
      '/users',
      {
        onRequest: guards.requireAdmin,
        schema: { tags, summary: 'All users (admin)', response: { 200: userList } },
      },
      async () => users.list(),
    );

    app.put(
      '/users/admin/:email',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Promote a user to admin (admin)',
          params: emailParam,
          response: { 200: modifiedResponse },
        },
      },
      async (request) => ({
        acknowledged: true as const,
        modifiedCount: await users.promote(request.params.email),
      }),
    );

    app.delete(
      '/users/:email',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Delete a user (admin)',
          params: emailParam,
          response: { 200: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() }) },
        },
      },
      async (request) => ({
        acknowledged: true as const,
        deletedCount: await users.remove(request.params.email, userOf(request).email),
      }),
    );
  };
