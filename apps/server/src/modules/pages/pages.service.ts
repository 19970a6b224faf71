import type { Language } from '@kanna/shared/domain/languages';
import { isPageSlug, legalSlugs, type PageSlug, pageSlugs } from '@kanna/shared/domain/pages';
import type { PageAnswer, PageForOwner, PageWrite } from '@kanna/shared/pages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ownerPages } from '../../db/schema';
import type { PublicCache, Ready } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { changes, recordAudit } from '../audit/audit.service';
import { renderMarkdown } from './pages.markdown';
import { type PageText, startsCompleted, templates } from './pages.templates';

const TOPIC = 'pages';

/** A page as stored, or as its template while it has no row. */
type Stored = {
  slug: PageSlug;
  texts: Record<Language, PageText>;
  completed: boolean;
  edited: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

const fromTemplate = (slug: PageSlug): Stored => ({
  slug,
  texts: templates[slug],
  completed: startsCompleted(slug),
  edited: false,
  updatedAt: null,
  updatedBy: null,
});

type Row = typeof ownerPages.$inferSelect;

const fromRow = (slug: PageSlug, row: Row): Stored => ({
  slug,
  texts: { en: { title: row.titleEn, body: row.bodyEn }, ja: { title: row.titleJa, body: row.bodyJa } },
  completed: row.completed,
  edited: true,
  updatedAt: row.updatedAt,
  updatedBy: row.updatedBy,
});

/** The audit entry's fields for a page (docs/pages.md): Japanese ones carry `Ja`, as a tool's do. */
const auditFields = (page: Stored, lang: Language) => {
  const suffix = lang === 'ja' ? 'Ja' : '';
  return {
    [`title${suffix}`]: page.texts[lang].title,
    [`body${suffix}`]: page.texts[lang].body,
    completed: page.completed,
  };
};

/**
 * The pages the owner writes (docs/pages.md): read by anyone in one language, with the HTML the
 * server made of the Markdown (rendered and sanitised once per page and language, kept until the
 * page changes on any instance: `changed('pages')`); written by admins one language at a time,
 * each save in the audit log in the same transaction.
 */
export function pagesService(db: Database, cache: PublicCache) {
  async function load(slug: PageSlug): Promise<Stored> {
    const [row] = await db.select().from(ownerPages).where(eq(ownerPages.slug, slug));
    return row ? fromRow(slug, row) : fromTemplate(slug);
  }

  /** A page's answer in each language, made once per change. */
  const answers = (slug: PageSlug): Ready<Record<Language, PageAnswer>> =>
    cache.value(TOPIC, slug, async () => {
      const page = await load(slug);
      const answer = (lang: Language): PageAnswer => ({
        slug,
        lang,
        title: page.texts[lang].title,
        body: page.texts[lang].body,
        html: renderMarkdown(page.texts[lang].body),
        completed: page.completed,
        edited: page.edited,
        updatedAt: page.updatedAt?.toISOString() ?? null,
      });
      return { en: answer('en'), ja: answer('ja') };
    });

  const known = (slug: string): PageSlug => {
    if (!isPageSlug(slug)) throw notFound('This page');
    return slug;
  };

  return {
    /** GET /api/pages/{slug}: the page in `lang`. */
    async get(slug: string, lang: Language): Promise<PageAnswer> {
      return (await answers(known(slug)))[lang];
    },

    /** GET /api/pages (admin): every page in both languages, as the editor shows them. */
    async list(): Promise<PageForOwner[]> {
      const rows = await db.select().from(ownerPages);
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      return pageSlugs.map((slug) => {
        const row = bySlug.get(slug);
        const page = row ? fromRow(slug, row) : fromTemplate(slug);
        return {
          slug,
          completed: page.completed,
          edited: page.edited,
          updatedAt: page.updatedAt?.toISOString() ?? null,
          updatedBy: page.updatedBy,
          texts: page.texts,
        };
      });
    },

    /**
     * PUT /api/pages/{slug} (admin): replaces one language's title and Markdown, and the page's
     * completed mark when sent. The first save writes the row, the other language from its
     * template. The row is locked while it is read, so two admins' saves are recorded one after
     * the other, each with what the other left.
     */
    async save(admin: SessionUser, slug: string, write: PageWrite): Promise<PageAnswer> {
      const page = known(slug);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(ownerPages).where(eq(ownerPages.slug, page)).for('update');
        const before = row ? fromRow(page, row) : fromTemplate(page);
        const after: Stored = {
          ...before,
          texts: { ...before.texts, [write.lang]: { title: write.title, body: write.body } },
          completed: write.completed ?? before.completed,
        };
        const values = {
          titleEn: after.texts.en.title,
          bodyEn: after.texts.en.body,
          titleJa: after.texts.ja.title,
          bodyJa: after.texts.ja.body,
          completed: after.completed,
          updatedAt: sql`now()`,
          updatedBy: admin.email,
        };
        await tx
          .insert(ownerPages)
          .values({ slug: page, ...values })
          .onConflictDoUpdate({ target: ownerPages.slug, set: values });
        const changed = changes(auditFields(before, write.lang), auditFields(after, write.lang));
        await recordAudit(tx, admin, {
          kind: 'page.update',
          target: { type: 'page', id: page, label: after.texts.en.title },
          ...(changed ?? { before: null, after: null }),
        });
      });
      await cache.changed(TOPIC);
      return (await answers(page))[write.lang];
    },

    /** POST /api/pages/preview (admin): Markdown as a page would serve it. */
    preview: (body: string): { html: string } => ({ html: renderMarkdown(body) }),

    /** The legal pages still their template (the admin overview lists them), in the footer's order. */
    async toComplete(): Promise<{ slug: PageSlug; titles: Record<Language, string> }[]> {
      const rows = await db
        .select({
          slug: ownerPages.slug,
          completed: ownerPages.completed,
          en: ownerPages.titleEn,
          ja: ownerPages.titleJa,
        })
        .from(ownerPages);
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      return legalSlugs
        .filter((slug) => !(bySlug.get(slug)?.completed ?? startsCompleted(slug)))
        .map((slug) => {
          const row = bySlug.get(slug);
          return {
            slug,
            titles: row
              ? { en: row.en, ja: row.ja }
              : { en: templates[slug].en.title, ja: templates[slug].ja.title },
          };
        });
    },
  };
}
export type PagesService = ReturnType<typeof pagesService>;
