import type { Texts } from '@kanna/shared/domain/translation';

/**
 * The shell's own head and the words for a browser without JavaScript, as index.html has them:
 * the server writes them into the shell of another language (entry-server.tsx, plugins/web.ts).
 */
export default {
  title: 'Kanna — Japanese wooden hand tools, factory direct in bulk',
  description:
    'Kanna sells Japanese wooden woodworking hand tools — hammers, chisels, drivers, saw blades and planes — factory direct, in bulk.',
  noscript: 'Kanna needs JavaScript to show the shop. Please enable it and reload the page.',
} satisfies Texts;
