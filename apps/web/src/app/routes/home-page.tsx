import { Suspense } from 'react';
import { LoadingDots } from '../../components/ui/loading-dots';
import { Hero } from '../../features/marketing/components/hero';
import { lazyComponent } from '../../lib/lazy-route';
import { usePageMeta } from '../../lib/page-meta';

const COMPANY_PROFILE_ID = 'company-profile';

// The banner is the first screen and the LCP element, so it ships with the entry; the rest of
// the page (and the data layer it needs) follows in one chunk. This keeps the entry under budget.
const HomeSections = lazyComponent(
  'home',
  () => import('./home-sections'),
  (m) => m.HomeSections,
);

/**
 * Loads the sections below the banner ahead of rendering: the server does (entry-server.tsx), so
 * its HTML has the whole page and nothing suspends — a suspended part would need an inline script
 * to reveal it, which the Content-Security-Policy forbids.
 */
export const preloadHomeSections = (): Promise<unknown> => HomeSections.preload();

/** Spec §2: banner, tools, the other sections, client reviews (the footer is the layout's). */
export function HomePage() {
  usePageMeta(
    'Kanna — Japanese wooden hand tools, factory direct in bulk',
    'Kanna sells Japanese wooden woodworking hand tools — hammers, chisels, drivers, saw blades and planes — factory direct, in bulk.',
  );
  return (
    <>
      <Hero learnMoreTarget={COMPANY_PROFILE_ID} />
      <Suspense
        fallback={<LoadingDots label="Loading the tools" className="min-h-screen items-start pt-16" />}
      >
        <HomeSections companyProfileId={COMPANY_PROFILE_ID} />
      </Suspense>
    </>
  );
}
