import type { Texts } from '@kanna/shared/domain/translation';

/** The owner's pages (docs/pages.md): the public legal pages and the admin's editor. */
export default {
  loading: 'Loading the page',
  notLoaded: 'The page could not be loaded',
  notFound: 'There is no such page.',
  description: (title: string) => `${title} — Kanna Tool Works`,
  // The editor.
  editorTitle: 'Pages',
  editorDescription: 'Edit the legal pages, the blog and the portfolio in English and Japanese.',
  editorLead:
    'Each page is Markdown in two languages. Fill in every marked blank, preview, save, and mark the page complete.',
  loadingPages: 'Loading the pages',
  pagesNotLoaded: 'The pages could not be loaded',
  choosePage: 'Page',
  completedBadge: 'Complete',
  templateBadge: 'To complete',
  language: 'Language',
  english: 'English',
  japanese: '日本語',
  titleLabel: 'Title',
  bodyLabel: 'Text (Markdown)',
  bodyHint:
    '# heading, **bold**, - list, [link](https://…), | table |. HTML is not allowed and is shown as text.',
  completedLabel: 'This page is complete (no blanks left)',
  preview: 'Preview',
  previewHeading: 'Preview',
  hidePreview: 'Hide preview',
  previewFailed: 'The preview could not be made',
  save: 'Save',
  saving: 'Saving…',
  saved: (title: string) => `Saved “${title}”.`,
  lastSaved: (who: string, when: string) => `Last saved by ${who}, ${when}.`,
  neverSaved: 'Not saved yet: this is the template the shop started with.',
  view: 'View the page',
  unsaved: 'You have unsaved changes.',
} satisfies Texts;
