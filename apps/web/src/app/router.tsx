import { Route, Routes } from 'react-router';
import { lazyComponent } from '../lib/lazy-route';
import { RequireSignIn } from './guards';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home-page';

// Declarative routes rather than a data router: the data router alone costs ~18 KB gzip, and
// the home page's first download must stay under 100 KB of JavaScript.

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
        </Route>
        <Route path="blog" element={<BlogPage />} />
        <Route path="myPortfolio" element={<PortfolioPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        {/* Sessions come later: until then every visitor is signed out. */}
        <Route path="purchase/:purchaseId" element={<RequireSignIn />} />
        <Route path="dashboard/*" element={<RequireSignIn />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
