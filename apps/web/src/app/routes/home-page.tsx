import type { Language } from '@kanna/shared/domain/languages';
import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { LoadingDots } from '../../components/ui/loading-dots';
import { Hero } from '../../features/marketing/components/hero';
import { useHydrated } from '../../lib/hydrated';
import { textsIn, useLanguage, useTexts } from '../../lib/i18n';
import { lazyComponent } from '../../lib/lazy-route';
import { forgetPageData } from '../../lib/page-data';
import { type PageMeta, usePageMeta } from '../../lib/page-meta';
import { appTexts } from '../i18n/first';

const COMPANY_PROFILE_ID = 'company-profile';

let sectionsWanted: () => void = () => {};
const sectionsInView = new Promise<void>((resolve) => (sectionsWanted = resolve));

// The banner is the first screen and the LCP element, so it ships with the entry; the rest of
// the page (and the data layer it needs) follows in one chunk. On the server-rendered page its
// HTML is there from the start and the chunk is fetched only when it comes into view or the
// visitor first touches, clicks or types: until then nothing below the banner needs code. A page
// the browser renders itself asks for the chunk at once.
const HomeSections = lazyComponent(
  'home',
  () => import('./home-sections'),
  (m) => m.HomeSections,
  { fetchWhen: sectionsInView },
);

const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;
const listening = { capture: true, passive: true } as const;

/**
 * Wraps the sections and says when they are wanted (see HomeSections). Its own component so that
 * its re-render once hydration is over passes the same `children` on: a Suspense boundary still
 * showing the server's HTML that received new props would drop that HTML for its fallback.
 */
function WantedWhenSeen({ children }: { children: ReactNode }) {
  // Decided once per visit of the page: is it taking over the server's HTML, or rendering anew?
  const hydrating = !useHydrated();
  const [waitForView] = useState(hydrating);
  const watch = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      if (!waitForView) forgetPageData();
      if (!waitForView || typeof IntersectionObserver === 'undefined') {
        sectionsWanted();
        return undefined;
      }
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) sectionsWanted();
      });
      observer.observe(element);
      // Any touch or key press, too: React holds back an update that reaches the sections (a
      // navigation from `/` to `/home` changes the router's context) until they have hydrated.
      for (const type of FIRST_INTERACTIONS) window.addEventListener(type, sectionsWanted, listening);
      element.addEventListener('focusin', sectionsWanted);
      return () => {
        observer.disconnect();
        for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, sectionsWanted, listening);
        element.removeEventListener('focusin', sectionsWanted);
      };
    },
    [waitForView],
  );
  return <div ref={watch}>{children}</div>;
}

/**
 * Loads the sections below the banner ahead of rendering: the server does (entry-server.tsx), so
 * its HTML has the whole page and nothing suspends — a suspended part would need an inline script
 * to reveal it, which the Content-Security-Policy forbids.
 */
export const preloadHomeSections = (): Promise<unknown> => HomeSections.preload();

/** The home page's title and description in `language`; `/home` names `/` as the address to index. */
export function homeMeta(language: Language): Required<PageMeta> {
  const t = textsIn(appTexts, language);
  return { title: t.homeTitle, description: t.homeDescription, canonical: '/' };
}

/** Spec §2: banner, tools, the other sections, client reviews (the footer is the layout's). */
export function HomePage() {
  const t = useTexts(appTexts);
  usePageMeta(homeMeta(useLanguage()));
  return (
    <>
      <Hero learnMoreTarget={COMPANY_PROFILE_ID} />
      <WantedWhenSeen>
        <Suspense
          fallback={<LoadingDots label={t.loadingTools} className="min-h-screen items-start pt-16" />}
        >
          <HomeSections companyProfileId={COMPANY_PROFILE_ID} />
        </Suspense>
      </WantedWhenSeen>
    </>
  );
}
