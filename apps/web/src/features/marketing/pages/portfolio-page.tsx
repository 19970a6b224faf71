import { Code2, Mail } from 'lucide-react'; // lazy page: the icon library stays out of the entry
import { usePageMeta } from '../../../lib/page-meta';

const skills = [
  'TypeScript',
  'React',
  'Node.js',
  'Fastify',
  'PostgreSQL',
  'Drizzle ORM',
  'Tailwind CSS',
  'Accessibility (WCAG 2.2)',
  'Web performance',
  'Testing with Vitest and Playwright',
];

const projects = [
  {
    name: 'Kanna storefront',
    text: 'This shop: a factory-direct store for Japanese wooden hand tools, with bulk ordering, card payments, reviews and an admin back office. React and Vite in front, Fastify and PostgreSQL behind.',
  },
  {
    name: 'Workshop booking board',
    text: 'A booking tool for a joinery school: weekly classes, waiting lists and reminders by e-mail, usable by keyboard and screen reader from day one.',
  },
  {
    name: 'Timber yard stock counter',
    text: 'An offline-first phone app for counting boards in a lumber yard, syncing to the office when the connection returns.',
  },
];

export function PortfolioPage() {
  usePageMeta(
    'Portfolio of the shop’s developer',
    'The developer behind the Kanna shop: a short biography, skills and a few projects.',
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <section
        aria-labelledby="portfolio-heading"
        className="flex flex-col gap-6 sm:flex-row sm:items-center"
      >
        <img
          src="/default-avatar.svg"
          alt="Portrait placeholder of the developer"
          width={128}
          height={128}
          className="size-32 shrink-0 rounded-full ring-4 ring-secondary"
        />
        <div>
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">My portfolio</p>
          <h1 id="portfolio-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
            Hi, I build the Kanna shop
          </h1>
          <p className="mt-3 text-base-content/90">
            I am a full-stack web developer who likes tools that last — in wood and in software. I build fast,
            accessible web shops with TypeScript from the database row to the pixel, and I care about the
            details that make buyers trust a store: honest prices, clear errors and pages that load on a slow
            phone.
          </p>
        </div>
      </section>

      <section aria-labelledby="skills-heading" className="mt-12">
        <h2 id="skills-heading" className="text-2xl font-bold">
          Skills
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="badge badge-lg border-base-300 bg-base-200 text-base-content">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="projects-heading" className="mt-12">
        <h2 id="projects-heading" className="text-2xl font-bold">
          Projects
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {projects.map(({ name, text }) => (
            <li key={name} className="card border border-base-300 bg-base-100">
              <div className="card-body p-5">
                <h3 className="card-title text-lg">
                  <Code2 aria-hidden="true" className="size-5 text-primary" />
                  {name}
                </h3>
                <p className="text-sm text-base-content/85">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contact-heading" className="mt-12">
        <h2 id="contact-heading" className="text-2xl font-bold">
          Contact
        </h2>
        <p className="mt-3">
          <a className="link link-primary inline-flex items-center gap-2" href="mailto:developer@example.com">
            <Mail aria-hidden="true" className="size-4" />
            developer@example.com
          </a>
        </p>
      </section>
    </div>
  );
}
