import { randomUUID } from 'node:crypto';
import type { AddressEntry, AddressEntryValues } from '@kanna/shared/address-book';
import { addressText, JAPAN, MAX_DELIVERY_ADDRESSES, sevenDigits } from '@kanna/shared/domain/address-book';
import { says } from '@kanna/shared/domain/messages';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { violates } from '../../db/errors';
import { addressBookEntries, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { lookUpPostalCode } from '../addresses/postal-codes';

type EntryRow = typeof addressBookEntries.$inferSelect;

/** The caller's entry `id`, and no one else's. */
const owns = (caller: SessionUser, id: string) =>
  and(eq(addressBookEntries.id, id), eq(addressBookEntries.userId, caller.id));
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const entryOf = (row: EntryRow): AddressEntry => ({
  _id: row.id,
  label: row.label,
  kind: row.kind,
  recipient: row.recipient,
  company: row.company,
  department: row.department,
  phone: row.phone,
  country: row.country,
  postalCode: row.postalCode,
  prefecture: row.prefecture,
  city: row.city,
  street: row.street,
  building: row.building,
  line1: row.line1,
  line2: row.line2,
  region: row.region,
  text: addressText(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A Japanese entry's postal code must name a place, in the prefecture chosen (the shop's offline
 * table, as the form's lookup reads it): a mistyped code is said at the form, not at the carrier.
 */
function checkPostalCode(values: AddressEntryValues) {
  if (values.country !== JAPAN) return;
  const digits = sevenDigits(values.postalCode ?? '');
  const found = digits ? lookUpPostalCode(digits) : null;
  if (!found) throw fieldError('invalid', 'postalCode', says.postalCodeNoPlace);
  const [first] = found.places;
  if (first && !found.places.some((p) => p.prefecture === values.prefecture)) {
    throw fieldError('invalid', 'prefecture', says.postalCodeOtherPrefecture(first.prefecture));
  }
}

/**
 * The buyer's address book (docs/rules.md, "The buyer's company and address book"): one billing
 * address and up to 20 delivery addresses per account, seen and changed by their owner only
 * (another's entry answers 404, like a missing one). A second billing address is refused (409):
 * the buyer edits the one there is.
 */
export function addressBookService(db: Database) {
  /**
   * Refuses (409) `values` when the account would hold two billing addresses or more than 20
   * delivery addresses; `id` is the entry being changed, which does not count against itself (404
   * when it is not the caller's). The account's row is locked first, so two saves at once cannot
   * both pass the limit.
   */
  async function checkRoom(tx: Transaction, caller: SessionUser, values: AddressEntryValues, id?: string) {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, caller.id)).for('update');
    // Another buyer's entry is 404 before any limit is counted, like a missing one.
    if (id && !(await tx.$count(addressBookEntries, owns(caller, id)))) throw notFound('This address');
    const others = and(
      eq(addressBookEntries.userId, caller.id),
      eq(addressBookEntries.kind, values.kind),
      id ? ne(addressBookEntries.id, id) : undefined,
    );
    const count = await tx.$count(addressBookEntries, others);
    if (values.kind === 'billing' && count > 0) throw new AppError('conflict', says.billingAddressExists);
    if (values.kind === 'delivery' && count >= MAX_DELIVERY_ADDRESSES) {
      throw new AppError('conflict', says.deliveryAddressesTooMany(MAX_DELIVERY_ADDRESSES));
    }
  }

  /** Runs `write`, a second billing address that slipped past the count (the unique index) answered as 409. */
  async function saving(write: () => Promise<EntryRow | undefined>): Promise<EntryRow | undefined> {
    try {
      return await write();
    } catch (error) {
      if (violates(error, 'address_book_one_billing'))
        throw new AppError('conflict', says.billingAddressExists);
      throw error;
    }
  }

  return {
    /** The caller's entries: the billing address first, then the delivery addresses by label. */
    async list(caller: SessionUser): Promise<AddressEntry[]> {
      const rows = await db
        .select()
        .from(addressBookEntries)
        .where(eq(addressBookEntries.userId, caller.id))
        .orderBy(asc(addressBookEntries.kind), asc(addressBookEntries.label), asc(addressBookEntries.id));
      return rows.map(entryOf);
    },

    /** The caller's entry `id` (404 for another's, or one gone). */
    async get(caller: SessionUser, id: string): Promise<AddressEntry> {
      const [row] = await db.select().from(addressBookEntries).where(owns(caller, id));
      if (!row) throw notFound('This address');
      return entryOf(row);
    },

    async create(caller: SessionUser, values: AddressEntryValues): Promise<AddressEntry> {
      checkPostalCode(values);
      const row = await saving(() =>
        db.transaction(async (tx) => {
          await checkRoom(tx, caller, values);
          const [inserted] = await tx
            .insert(addressBookEntries)
            .values({ id: randomUUID(), userId: caller.id, ...values })
            .returning();
          return inserted;
        }),
      );
      if (!row) throw new Error('insert returned no row');
      return entryOf(row);
    },

    /** Replaces every part of the caller's entry `id` (404 for another's, or one gone). */
    async update(caller: SessionUser, id: string, values: AddressEntryValues): Promise<AddressEntry> {
      checkPostalCode(values);
      const row = await saving(() =>
        db.transaction(async (tx) => {
          await checkRoom(tx, caller, values, id);
          const [updated] = await tx
            .update(addressBookEntries)
            .set({ ...values, updatedAt: sql`now()` })
            .where(owns(caller, id))
            .returning();
          return updated;
        }),
      );
      if (!row) throw notFound('This address');
      return entryOf(row);
    },

    /** Deletes the caller's entry `id` (404 for another's, or one already gone). */
    async remove(caller: SessionUser, id: string): Promise<number> {
      const gone = await db
        .delete(addressBookEntries)
        .where(owns(caller, id))
        .returning({ id: addressBookEntries.id });
      if (!gone.length) throw notFound('This address');
      return gone.length;
    },
  };
}
export type AddressBookService = ReturnType<typeof addressBookService>;
