import { useTexts, type WordKey } from '../../../lib/i18n';
import { marketingTexts } from '../i18n';
import type en from '../i18n/en';

interface CompanyProfileProps {
  /** The block's id; the hero's 'learn More' scrolls here. */
  id: string;
}

const points = [
  { title: 'productionTitle', text: 'productionText' },
  { title: 'qualityTitle', text: 'qualityText' },
  { title: 'brandsTitle', text: 'brandsText' },
  { title: 'visitsTitle', text: 'visitsText' },
] as const satisfies readonly { title: WordKey<typeof en>; text: WordKey<typeof en> }[];

/** The company profile block. */
export function CompanyProfile({ id }: CompanyProfileProps) {
  const t = useTexts(marketingTexts);
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-heading`} className="outline-none">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">{t.companyKicker}</p>
          <h2 id={`${id}-heading`} className="mt-2 text-3xl font-bold sm:text-4xl">
            Kanna Tool Works
          </h2>
          <p className="mt-4 text-base-content/90">{t.companyText}</p>
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
                <h3 className="font-semibold">{t[title]}</h3>
                <p className="mt-1 text-sm text-base-content/85">{t[text]}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
