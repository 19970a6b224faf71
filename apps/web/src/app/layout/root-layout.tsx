import { type MouseEvent, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { LoadingDots } from '../../components/ui/loading-dots';
import { Toaster } from '../../components/ui/toaster';
import { WhenHydrated } from '../../lib/early-input';
import { useTexts } from '../../lib/i18n';
import { appTexts } from '../i18n/first';
import { PageErrorBoundary } from '../page-error-boundary';
import { RouteError } from '../route-error';
import { useRedirectWhenSessionExpires } from '../session-redirect';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { TestModeNotice } from './test-mode-notice';

const MAIN_ID = 'main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/** A new page starts at its top; back and forward keep the browser's own scroll restoration. */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
}

export function RootLayout() {
  const t = useTexts(appTexts);
  const { pathname } = useLocation();
  useScrollToTopOnNavigation(pathname);
  useRedirectWhenSessionExpires();
  return (
    <div className="flex min-h-svh flex-col">
      <a href={`#${MAIN_ID}`} onClick={skipToMain} className="skip-link btn btn-accent">
        {t.skipToContent}
      </a>
      <Navbar />
      {/*
        pt-16: the fixed navbar is 4rem tall and must not cover the content.
        min-h-svh: the footer starts below the first screen, so it cannot jump while a page loads.
      */}
      <main id={MAIN_ID} tabIndex={-1} className="min-h-svh flex-1 pt-16 outline-none">
        {/* Under the navbar, in the flow: it pushes the page down from the first paint on, never covers it. */}
        <TestModeNotice />
        <PageErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
          <Suspense fallback={<LoadingDots label={t.loadingPage} className="min-h-[60svh] items-center" />}>
            <Outlet />
            {/* Beside the page, so its effect runs once the page itself has hydrated. */}
            <WhenHydrated />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
