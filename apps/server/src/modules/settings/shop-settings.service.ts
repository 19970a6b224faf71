import { type OrderTerms, type YenTerms, yenTermsOf } from '@kanna/shared';
import {
  type ShopSettingsAnswer,
  type ShopSettingsFields,
  shopSettingsFields,
} from '@kanna/shared/shop-settings';
import { eq, sql } from 'drizzle-orm';
import type { ShopDetails } from '../../config';
import type { Database } from '../../db/client';
import { shopSettings, shopSettingsHistory } from '../../db/schema';
import type { PublicCache, Ready } from '../../lib/cache';
import type { SessionUser } from '../../lib/identity';
import type { AuditTx } from '../audit/audit.repository';
import { changes, recordAudit } from '../audit/audit.service';

/** The cache's topic: a save drops it here and, through LISTEN/NOTIFY, on every other instance. */
const TOPIC = 'shop-settings';

type Stored = { settings: ShopSettingsFields; updatedAt: Date; updatedBy: string };

/** The same for every visitor (GET /api/settings), in dollars. */
type BuyerTerms = {
  minimumOrder: number | null;
  minimumOrderYen: number | null;
  charges: ReturnType<typeof chargeSettings>;
  bankTransfer: boolean;
  transferHoldDays: number;
};

const transferOffered = (s: ShopSettingsFields) => s.bank.accountNumber !== '' && s.bank.bankName !== '';

/** What the charges follow (docs/rules.md, "Paying like a business"): tax, zones, and where yen is paid. */
const chargeSettings = (s: ShopSettingsFields) => ({
  tax: s.tax,
  shippingZones: s.shippingZones,
  yenCountries: s.yenCountries,
  yenPerDollar: s.yenPerDollar,
});

const orderTerms = (s: ShopSettingsFields): OrderTerms => ({
  minimum: { minimumOrder: s.minimumOrder, minimumOrderYen: s.minimumOrderYen },
  charges: chargeSettings(s),
  shopCountry: s.tax.country,
  bankTransfer: transferOffered(s),
  transferHoldDays: s.transferHoldDays,
});

/** `f` of a value that may still be loading, without a promise when it is there. */
const map = <T, U>(ready: Ready<T>, f: (value: T) => U): Ready<U> =>
  ready instanceof Promise ? ready.then(f) : f(ready);

/**
 * The shop's own settings (docs/rules.md, "Shop settings"): one row read once per instance and kept in memory until a
 * save (here or on another instance) drops it, so what orders and mails read from them costs no
 * query. Nothing stored: the defaults, which switch nothing on (no minimum, no tax, no zones), and
 * the legal name and address of the configuration (SHOP_LEGAL_NAME, SHOP_ADDRESS).
 */
export function shopSettingsService(
  db: Database,
  cache: PublicCache,
  configured: ShopDetails,
  /** After a save: what else shows the settings is dropped too (the catalogue's yen prices). */
  saved: () => Promise<void> = async () => {},
) {
  const defaults = shopSettingsFields.parse({ legalName: configured.legalName, address: configured.address });

  async function load(): Promise<Stored | null> {
    const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
    if (!row) return null;
    // Parsed again, so a field added to the contract since the row was saved gets its default.
    return {
      settings: shopSettingsFields.parse(row.value),
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
    };
  }

  /** A save in the audit log (docs/rules.md, "Audit log"): the fields it changed, from what they were (the defaults at first). */
  const audit = (tx: AuditTx, admin: SessionUser, was: ShopSettingsFields, value: ShopSettingsFields) =>
    recordAudit(tx, admin, {
      kind: 'settings.update',
      target: { type: 'settings', id: 'shop', label: 'Shop settings' },
      ...(changes(was, value) ?? { before: null, after: null }),
    });

  const stored = (): Ready<Stored | null> => cache.value(TOPIC, 'stored', load);

  const answer = (s: Stored | null): ShopSettingsAnswer => ({
    settings: s?.settings ?? defaults,
    updatedAt: s?.updatedAt.toISOString() ?? null,
    updatedBy: s?.updatedBy ?? null,
  });

  return {
    /** Admin: the settings as the form shows them, and who saved them last and when. */
    get: async (): Promise<ShopSettingsAnswer> => answer(await stored()),

    /**
     * Admin: replaces the whole settings object. The row is locked while the previous value is
     * read, so two admins saving at once are recorded one after the other, each with the value
     * the other replaced.
     */
    async save(admin: SessionUser, value: ShopSettingsFields): Promise<ShopSettingsAnswer> {
      const row = await db.transaction(async (tx) => {
        const locked = () => tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
        let [before] = await locked();
        if (!before) {
          const [first] = await tx
            .insert(shopSettings)
            .values({ id: 1, value, updatedBy: admin.email })
            .onConflictDoNothing()
            .returning();
          if (first) {
            await tx.insert(shopSettingsHistory).values({ previous: null, value, changedBy: admin.email });
            await audit(tx, admin, defaults, value);
            return first;
          }
          // Another admin's first save committed meanwhile: replace theirs, as any later save.
          [before] = await locked();
        }
        const [saved] = await tx
          .update(shopSettings)
          .set({ value, updatedAt: sql`now()`, updatedBy: admin.email })
          .where(eq(shopSettings.id, 1))
          .returning();
        await tx
          .insert(shopSettingsHistory)
          .values({ previous: before?.value ?? null, value, changedBy: admin.email });
        await audit(tx, admin, before ? shopSettingsFields.parse(before.value) : defaults, value);
        if (!saved) throw new Error('the shop settings row vanished while locked');
        return saved;
      });
      await cache.changed(TOPIC);
      await saved();
      return answer({ settings: value, updatedAt: row.updatedAt, updatedBy: row.updatedBy });
    },

    /** What every reader is told about yen (the rate, the tax beside a yen price); null for a dollar shop. */
    yenTerms: (): Ready<YenTerms | null> =>
      map(stored(), (s) => yenTermsOf(chargeSettings(s?.settings ?? defaults))),

    /** What placing an order follows: minimum, charges, transfers. No query once read. */
    orderTerms: (): Ready<OrderTerms> => map(stored(), (s) => orderTerms(s?.settings ?? defaults)),

    /** What GET /api/settings tells every visitor: the minimum, the charges and whether transfers are taken. */
    async forBuyers(): Promise<BuyerTerms> {
      const settings = (await stored())?.settings ?? defaults;
      return {
        minimumOrder: settings.minimumOrder,
        minimumOrderYen: settings.minimumOrderYen,
        charges: chargeSettings(settings),
        bankTransfer: transferOffered(settings),
        transferHoldDays: settings.transferHoldDays,
      };
    },

    /**
     * The shop's legal name and address in both languages as mails write them: the settings' once
     * saved, else the configuration's.
     */
    details: (): Ready<ShopDetails> =>
      map(stored(), (s) =>
        s
          ? {
              legalName: s.settings.legalName,
              address: s.settings.address,
              legalNameJa: s.settings.legalNameJa,
              addressJa: s.settings.addressJa,
              timeZone: configured.timeZone,
            }
          : configured,
      ),
  };
}

export type ShopSettingsService = ReturnType<typeof shopSettingsService>;
