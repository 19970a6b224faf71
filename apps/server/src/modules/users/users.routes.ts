import type {} from '@fastify/multipart';
import {
  adminCheck,
  emailParam,
  messages,
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
import { MAX_UPLOAD_BYTES } from '../media/media.routes';
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

    app.put(
      '/users/:email/picture',
      {
        onRequest: guards.requireUser,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Upload the profile picture (multipart field "image"; JPEG, PNG, WebP or AVIF up to 5 MB)',
          consumes: ['multipart/form-data'],
          params: emailParam,
          response: { 200: userUpsertResponse.omit({ jwtAccessToken: true }) },
        },
      },
      async (request) => {
        assertSelfOrAdmin(userOf(request), request.params.email);
        if (!request.isMultipart()) throw new AppError(415, messages.pictureNotMultipart);
        const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
        if (file?.fieldname !== 'image') throw new AppError(400, messages.pictureFieldMissing);
        const bytes = await file.toBuffer().catch((err: { statusCode?: number }) => {
          if (err.statusCode === 413) throw new AppError(413, messages.pictureTooLarge);
          throw err;
        });
        return { acknowledged: true as const, ...(await users.setPicture(request.params.email, bytes)) };
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
