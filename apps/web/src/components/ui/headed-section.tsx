import type { ReactNode } from 'react';

/**
 * A section named by its own heading (`aria-labelledby` the heading's id), as pages and their
 * panels write it: `level` 1 for a page's title, 2 or 3 for a panel inside one.
 */
export function HeadedSection({
  id,
  title,
  level,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  level: 1 | 2 | 3;
  className?: string;
  headingClassName: string;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/**
 * A dashboard page's body: its title the page's one h1, its column at most `width` wide
 * (a Tailwind `max-w-*` class, written whole where it is used so that Tailwind finds it).
 */
export function DashboardPage({
  id,
  title,
  width,
  children,
}: {
  id: string;
  title: ReactNode;
  width: string;
  children?: ReactNode;
}) {
  return (
    <HeadedSection
      id={id}
      title={title}
      level={1}
      className={`w-full ${width} px-4 py-8 sm:px-6 lg:px-0 lg:py-0`}
      headingClassName="text-3xl font-bold"
    >
      {children}
    </HeadedSection>
  );
}
