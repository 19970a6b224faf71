import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { lazyComponent } from '../lib/lazy-route';
import { RequireSignIn } from './guards';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home-page';

// Declarative routes rather than a data router: the data router alone costs ~18 KB gzip, and
// the home page's first download must stay under 100 KB of JavaScript. Every page but the home
// page is its own lazy chunk, named for the spec's 'Loading chunk {n} failed.' message.

const AllProductsPage = lazyComponent(
  'allProduct',
  () => import('../features/catalog/pages/all-products-page'),
  (m) => m.AllProductsPage,
);
const AllReviewsPage = lazyComponent(
  'allReview',
  () => import('../features/reviews/pages/all-reviews-page'),
  (m) => m.AllReviewsPage,
);
const ToolPage = lazyComponent(
  'tool',
  () => import('../features/catalog/pages/tool-page'),
  (m) => m.ToolPage,
);
const BlogPage = lazyComponent(
  'blog',
  () => import('../features/marketing/pages/blog-page'),
  (m) => m.BlogPage,
);
const PortfolioPage = lazyComponent(
  'myPortfolio',
  () => import('../features/marketing/pages/portfolio-page'),
  (m) => m.PortfolioPage,
);
// The owner's pages (docs/pages.md): the legal pages, and the blog and portfolio once rewritten.
const LegalPage = lazyComponent(
  'legal',
  () => import('../features/pages/pages/legal-page'),
  (m) => m.LegalPage,
);
const OwnedPage = lazyComponent(
  'ownedPage',
  () => import('../features/pages/pages/owned-page'),
  (m) => m.OwnedPage,
);
const LoginPage = lazyComponent(
  'login',
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const SignupPage = lazyComponent(
  'signup',
  () => import('../features/auth/pages/signup-page'),
  (m) => m.SignupPage,
);
const ResetPasswordPage = lazyComponent(
  'resetPassword',
  () => import('../features/auth/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const DataLayout = lazyComponent(
  'data',
  () => import('./query-provider'),
  (m) => m.DataLayout,
);
const NotFoundPage = lazyComponent(
  'notFound',
  () => import('../features/marketing/pages/not-found-page'),
  (m) => m.NotFoundPage,
);

const CartPage = lazyComponent(
  'cart',
  () => import('./routes/cart-page'),
  (m) => m.CartWithQuotes,
);

// Signed-in pages.
const PurchasePage = lazyComponent(
  'purchase',
  () => import('./routes/purchase-page'),
  (m) => m.PurchaseWithQuotes,
);
const QuickOrderPage = lazyComponent(
  'quickOrder',
  () => import('../features/quick-order/pages/quick-order-page'),
  (m) => m.QuickOrderPage,
);
const SavedListsPage = lazyComponent(
  'lists',
  () => import('../features/quick-order/pages/saved-lists-page'),
  (m) => m.SavedListsPage,
);
// Every page under /dashboard: its own routes' chunk (app/dashboard-routes.tsx), so the pages the
// dashboard gains never add to the first download.
const dashboardChunk = () => import('./dashboard-routes');
const DashboardRoutes = lazyComponent('dashboardRoutes', dashboardChunk, (m) => m.DashboardRoutes);

/** Spec §2. The home page is the landing page and holds the LCP element: it ships with the entry. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route element={<DataLayout />}>
          <Route path="allProduct" element={<AllProductsPage />} />
          <Route path="allReview" element={<AllReviewsPage />} />
          <Route path="tools/:slug" element={<ToolPage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="legal/:slug" element={<LegalPage />} />
          <Route
            path="blog"
            element={
              <OwnedPage slug="blog">
                <BlogPage />
              </OwnedPage>
            }
          />
          <Route
            path="myPortfolio"
            element={
              <OwnedPage slug="myPortfolio">
                <PortfolioPage />
              </OwnedPage>
            }
          />
          <Route element={<RequireSignIn />}>
            <Route path="purchase/:purchaseId" element={<PurchasePage />} />
            <Route path="quickOrder" element={<QuickOrderPage />} />
            <Route path="lists" element={<SavedListsPage />} />
            <Route path="dashboard/*" element={<DashboardRoutes />} />
          </Route>
        </Route>
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Starts fetching the chunks of every lazy layout and page on the way to `pathname` (e.g. the
 * data layer, the dashboard and All Orders for /dashboard/allOrders) together, so the first
 * screen does not wait for each in turn as React reaches it. Resolves when they are in, or failed
 * (rendering the page then loads it again and shows the spec's failure message). `beforeEach` is
 * awaited before each chunk is asked for: in the browser, a new task, since asking for one (the
 * build names each of its imports in the head, one by one) is a task of its own on a phone.
 */
export async function preloadRoute(pathname: string, beforeEach?: () => Promise<unknown>): Promise<void> {
  const routes = createRoutesFromElements(
    (AppRoutes() as ReactElement<{ children: ReactElement }>).props.children,
  );
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const type = (match.route.element as ReactElement | undefined)?.type as {
      preload?: () => Promise<unknown>;
    };
    if (!type?.preload) continue;
    if (beforeEach) await beforeEach();
    // The dashboard's own routes name its layout and page: theirs are fetched once its chunk is in.
    const rest = type === DashboardRoutes ? match.params['*'] : undefined;
    loads.push(
      rest === undefined
        ? type.preload()
        : type
            .preload()
            .then(dashboardChunk)
            .then((m) => m.preloadDashboardRoute(rest, beforeEach)),
    );
  }
  await Promise.allSettled(loads);
}
