import type { Texts } from '@kanna/shared/domain/translation';

/** The blog: questions and answers about how the shop is built, each answer in two paragraphs. */
export default {
  title: 'Blog: how this shop is built',
  description:
    'Questions and answers about how the Kanna shop is built: the database, server-side prices, stock reservation, sessions, images and speed.',
  heading: 'How this shop is built',
  lead: 'Questions we are asked about the shop behind the tools, answered by the people who build it.',
  entries: {
    database: {
      question: 'Why does the shop run on PGlite by default?',
      first:
        'PGlite is PostgreSQL compiled to WebAssembly. It runs inside the server process and keeps its data in a folder, so the whole shop starts on a laptop with one command: no database server to install, no container to run.',
      second:
        'It is real PostgreSQL, not a look-alike, so the same SQL, the same schema and the same migrations run in development and in production. Setting DATABASE_URL switches the shop to an ordinary PostgreSQL server when it grows.',
    },
    prices: {
      question: 'Why are prices computed on the server?',
      first:
        'A browser can be made to send anything. When you place an order, your browser sends only which tool you want, how many, and where it should go. The server reads the name and price from the catalogue and computes the total itself.',
      second:
        'Money is kept in whole cents, so totals never pick up rounding errors. If a page shows an old price, the server refuses the order with “the price has changed” instead of quietly charging a different amount.',
    },
    stock: {
      question: 'How is stock reserved?',
      first:
        'Placing an order takes its quantity from the available stock in the same database transaction that creates the order, with one conditional update that only succeeds while enough is left. Two buyers ordering the last pieces at the same moment can never both get them.',
      second:
        'Cancelling an unpaid order gives its quantity back. A tool with less available than its minimum order shows as sold out.',
    },
    sessions: {
      question: 'How do sessions work?',
      first:
        'Signing in creates a session on the server; your browser keeps only an httpOnly cookie that scripts on the page cannot read, so there is no token in local storage for an injected script to steal.',
      second:
        'Signing out ends the session on the server at once. Requests that change data must come from this site’s own pages, and sign-in attempts are rate-limited.',
    },
    images: {
      question: 'How are the product images served?',
      first:
        'An uploaded picture is checked by its content, not its name, then re-encoded to WebP at 320, 640 and 960 pixels wide. The copies live in the database next to the product, so there is no second storage service to run or back up.',
      second:
        'Each image address changes when the picture does, so browsers may keep them for a year. Your browser picks the smallest width that looks sharp on your screen.',
    },
    speed: {
      question: 'How does the page stay fast?',
      first:
        'The home page downloads under 100 KB of compressed JavaScript before you touch it; every other page is a separate chunk loaded when you open it. Fonts are the ones your device already has, and the banner is drawn with CSS instead of a photograph.',
      second:
        'Images reserve their space before they arrive, so nothing jumps while the page loads, and pictures further down load only as you scroll. The server caches the catalogue and the reviews, and the real loading times your browser measures are reported back so we notice when something gets slower.',
    },
  },
} satisfies Texts;
