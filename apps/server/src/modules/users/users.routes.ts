import {
  approveBuyer,
  checkAdmin,
  deleteUser,
  demoteUser,
  getUser,
  listUsers,
  promoteUser,
  uploadProfilePicture,
  upsertUser,
} from '@kanna/shared/api/users';
import { says } from '@kanna/shared/domain/messages';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import { assertSelfOrAdmin, type Guards } from '../../plugins/auth';
import { MAX_UPLOAD_BYTES } from '../media/media.routes';
import type { UsersService } from './users.service';

export const usersRoutes =
  (users: UsersService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, upsertUser, async ({ params, body, user }) => {
      const { email } = params;
      assertSelfOrAdmin(user, email);
      const { email: bodyEmail, ...changes } = body;
      if (bodyEmail && bodyEmail.toLowerCase() !== email) {
        throw new AppError('invalid', says.emailNotTheAddress);
      }
      const own = user.email.toLowerCase() === email;
      // Someone else's profile: an admin's edit (assertSelfOrAdmin), recorded in the audit log.
      const result = await users.update(email, changes, own ? undefined : user);
      return {
        acknowledged: true as const,
        ...result,
        ...(own ? { jwtAccessToken: user.sessionToken } : {}),
      };
    });

    await route(app, guards, uploadProfilePicture, async ({ params, user, request }) => {
      assertSelfOrAdmin(user, params.email);
      if (!request.isMultipart()) throw new AppError('unsupported_type', says.pictureNotMultipart);
      const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      if (file?.fieldname !== 'image') throw new AppError('invalid', says.pictureFieldMissing);
      const bytes = await file.toBuffer().catch((err: { statusCode?: number }) => {
        if (err.statusCode === 413) throw new AppError('too_large', says.pictureTooLarge);
        throw err;
      });
      const own = user.email.toLowerCase() === params.email.toLowerCase();
      return {
        acknowledged: true as const,
        ...(await users.setPicture(params.email, bytes, own ? undefined : user)),
      };
    });

    await route(app, guards, getUser, async ({ params, user }) => {
      assertSelfOrAdmin(user, params.email);
      return users.get(params.email);
    });

    await route(app, guards, checkAdmin, async ({ params, user }) => {
      assertSelfOrAdmin(user, params.email);
      return { admin: await users.isAdmin(params.email) };
    });

    await route(app, guards, listUsers, async ({ query, request, reply }) =>
      sendPage(request, reply, await users.list(query)),
    );

    await route(app, guards, promoteUser, async ({ params, user }) => ({
      acknowledged: true as const,
      modifiedCount: await users.promote(params.email, user),
    }));

    await route(app, guards, demoteUser, async ({ params, user }) => ({
      acknowledged: true as const,
      modifiedCount: await users.demote(params.email, user),
    }));

    await route(app, guards, approveBuyer, async ({ params, body, user }) => ({
      acknowledged: true as const,
      modifiedCount: await users.setApproved(params.email, body.approved, user),
    }));

    await route(app, guards, deleteUser, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await users.remove(params.email, user),
    }));
  };
