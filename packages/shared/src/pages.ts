import { z } from 'zod';
import { languages } from './domain/languages';
import { says, told } from './domain/messages';
import { PAGE_BODY_MAX, PAGE_TITLE_MAX, pageSlugs } from './domain/pages';

/** An owner-edited page (docs/pages.md): its address's slug. Unknown slugs are a 404, not a 400. */
export const pageParams = z.object({ slug: z.string().max(40) });

export const pageQuery = z.object({
  lang: z.enum(languages, told(says.languageInvalid(languages.join(', ')))).optional(),
});

/** A page in one language, as anyone reads it: the owner's Markdown and the HTML the server made of it (sanitised). */
export const pageAnswer = z.object({
  slug: z.enum(pageSlugs),
  lang: z.enum(languages),
  title: z.string(),
  body: z.string(),
  html: z.string(),
  /** False while the page is still the template the shop started with. */
  completed: z.boolean(),
  /** Whether the owner has saved it at least once (the blog and the portfolio show their first design until then). */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PageAnswer = z.infer<typeof pageAnswer>;

const title = z
  .string()
  .trim()
  .min(1, told(says.fieldRequired('title')))
  .max(PAGE_TITLE_MAX, told(says.atMostCharacters(PAGE_TITLE_MAX)));
const body = z.string().max(PAGE_BODY_MAX, told(says.atMostCharacters(PAGE_BODY_MAX)));

/** PUT /api/pages/{slug}: one language's title and Markdown, and whether the owner calls the page complete. */
export const pageWrite = z.object({
  lang: z.enum(languages, told(says.languageInvalid(languages.join(', ')))),
  title,
  body,
  completed: z.boolean().optional(),
});
export type PageWrite = z.infer<typeof pageWrite>;

/** POST /api/pages/preview: the Markdown to show as it would be served. */
export const pagePreview = z.object({ body });
export const pagePreviewAnswer = z.object({ html: z.string() });

/** Every page in both languages with who changed it last, for the owner's editor. */
export const pageForOwner = z.object({
  slug: z.enum(pageSlugs),
  completed: z.boolean(),
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  texts: z.object({
    en: z.object({ title: z.string(), body: z.string() }),
    ja: z.object({ title: z.string(), body: z.string() }),
  }),
});
export type PageForOwner = z.infer<typeof pageForOwner>;
export const pagesForOwner = z.array(pageForOwner);
