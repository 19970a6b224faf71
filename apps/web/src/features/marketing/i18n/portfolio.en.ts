import type { Texts } from '@kanna/shared/domain/translation';

/** The portfolio of the shop's developer: who they are, their skills and a few projects. */
export default {
  title: 'Portfolio of the shop’s developer',
  description: 'The developer behind the Kanna shop: a short biography, skills and a few projects.',
  portraitAlt: 'Portrait placeholder of the developer',
  kicker: 'My portfolio',
  heading: 'Hi, I build the Kanna shop',
  about:
    'I am a full-stack web developer who likes tools that last — in wood and in software. I build fast, accessible web shops with TypeScript from the database row to the pixel, and I care about the details that make buyers trust a store: honest prices, clear errors and pages that load on a slow phone.',
  skills: 'Skills',
  /** The skills that are not a tool's own name. */
  accessibility: 'Accessibility (WCAG 2.2)',
  performance: 'Web performance',
  testing: 'Testing with Vitest and Playwright',
  projects: 'Projects',
  storefront: 'Kanna storefront',
  storefrontText:
    'This shop: a factory-direct store for Japanese wooden hand tools, with bulk ordering, card payments, reviews and an admin back office. React and Vite in front, Fastify and PostgreSQL behind.',
  booking: 'Workshop booking board',
  bookingText:
    'A booking tool for a joinery school: weekly classes, waiting lists and reminders by e-mail, usable by keyboard and screen reader from day one.',
  timber: 'Timber yard stock counter',
  timberText:
    'An offline-first phone app for counting boards in a lumber yard, syncing to the office when the connection returns.',
  contact: 'Contact',
} satisfies Texts;
