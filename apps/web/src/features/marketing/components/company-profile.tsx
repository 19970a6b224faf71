interface CompanyProfileProps {
  /** The block's id; the hero's 'learn More' scrolls here. */
  id: string;
}

const points = [
  {
    title: 'Advanced production technology',
    text: 'Blades are forged and tempered on our own lines, then set and tuned by hand in seasoned Japanese oak.',
  },
  {
    title: 'Quality control',
    text: 'Every batch is inspected for edge hardness, flatness and fit before it leaves the workshop.',
  },
  {
    title: 'Self-owned brands, 20+ patents',
    text: 'We sell under our own brands and hold more than 20 patented technologies in blade and body design.',
  },
  {
    title: 'Visits and cooperation welcome',
    text: 'Trade buyers, schools and workshops are welcome to visit the factory and to work with us.',
  },
];

/** The company profile block. */
export function CompanyProfile({ id }: CompanyProfileProps) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-heading`} className="outline-none">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">Company profile</p>
          <h2 id={`${id}-heading`} className="mt-2 text-3xl font-bold sm:text-4xl">
            Kanna Tool Works
          </h2>
          <p className="mt-4 text-base-content/90">
            We are a founder of top-quality wooden tools in Japan. For three generations our workshop has made
            hammers, chisels, drivers, saw blades and planes for carpenters, joiners and furniture makers, and
            today we sell them factory direct, in bulk, to buyers around the world.
          </p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
          {points.map(({ title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-box bg-secondary/40 font-mono text-lg font-bold text-primary"
              >
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-base-content/85">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
