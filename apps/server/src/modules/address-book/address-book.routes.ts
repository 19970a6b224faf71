import {
  createAddressEntry,
  deleteAddressEntry,
  getAddressEntry,
  listAddressBook,
  updateAddressEntry,
} from '@kanna/shared/api/address-book';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { AddressBookService } from './address-book.service';

/** The buyer's address book: the caller's own entries only, by the session. */
export const addressBookRoutes =
  (book: AddressBookService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, listAddressBook, async ({ user }) => book.list(user));

    await route(app, guards, getAddressEntry, async ({ params, user }) => book.get(user, params.id));

    await route(app, guards, createAddressEntry, async ({ body, user }) => book.create(user, body));

    await route(app, guards, updateAddressEntry, async ({ params, body, user }) =>
      book.update(user, params.id, body),
    );

    await route(app, guards, deleteAddressEntry, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await book.remove(user, params.id),
    }));
  };
