import { Code2, Mail } from 'lucide-react'; // lazy page: the icon library stays out of the entry
import { HeadedSection } from '../../../components/ui/headed-section';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { portfolioTexts } from '../i18n/portfolio';

/** The tools' own names, the same in every language. */
const namedSkills = [
  'TypeScript',
  'React',
  'Node.js',
  'Fastify',
  'PostgreSQL',
  'Drizzle ORM',
  'Tailwind CSS',
];

export function PortfolioPage() {
  const t = useTexts(portfolioTexts);
  usePageMeta(t.title, t.description);
  const skills = [...namedSkills, t.accessibility, t.performance, t.testing];
  const projects = [
    { name: t.storefront, text: t.storefrontText },
    { name: t.booking, text: t.bookingText },
    { name: t.timber, text: t.timberText },
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <section
        aria-labelledby="portfolio-heading"
        className="flex flex-col gap-6 sm:flex-row sm:items-center"
      >
        <img
          src="/default-avatar.svg"
          alt={t.portraitAlt}
          width={128}
          height={128}
          className="size-32 shrink-0 rounded-full ring-4 ring-secondary"
        />
        <div>
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">{t.kicker}</p>
          <h1 id="portfolio-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
            {t.heading}
          </h1>
          <p className="mt-3 text-base-content/90">{t.about}</p>
        </div>
      </section>

      <HeadedSection
        id="skills-heading"
        title={t.skills}
        level={2}
        className="mt-12"
        headingClassName="text-2xl font-bold"
      >
        <ul className="mt-4 flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="badge badge-lg border-base-300 bg-base-200 text-base-content">
              {skill}
            </li>
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection
        id="projects-heading"
        title={t.projects}
        level={2}
        className="mt-12"
        headingClassName="text-2xl font-bold"
      >
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
      </HeadedSection>

      <HeadedSection
        id="contact-heading"
        title={t.contact}
        level={2}
        className="mt-12"
        headingClassName="text-2xl font-bold"
      >
        <p className="mt-3">
          <a className="link link-primary inline-flex items-center gap-2" href="mailto:developer@example.com">
            <Mail aria-hidden="true" className="size-4" />
            developer@example.com
          </a>
        </p>
      </HeadedSection>
    </div>
  );
}
