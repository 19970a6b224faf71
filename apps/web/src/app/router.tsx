import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from 'react-router';
import { lazyComponent } from '../lib/lazy-route';
import { RequireAdmin, RequireSignIn } from './guards';
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
const EditPagesPage = lazyComponent(
  'pages',
  () => import('../features/pages/pages/edit-pages-page'),
  (m) => m.EditPagesPage,
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
  () => import('../features/cart/pages/cart-page'),
  (m) => m.CartPage,
);

// Signed-in pages.
const PurchasePage = lazyComponent(
  'purchase',
  () => import('../features/orders/pages/purchase-page'),
  (m) => m.PurchasePage,
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
const DashboardLayout = lazyComponent(
  'dashboard',
  () => import('./layout/dashboard-layout'),
  (m) => m.DashboardLayout,
);
const MyProfilePage = lazyComponent(
  'myProfile',
  () => import('../features/profile/pages/my-profile-page'),
  (m) => m.MyProfilePage,
);
const EditProfilePage = lazyComponent(
  'editProfile',
  () => import('../features/profile/pages/edit-profile-page'),
  (m) => m.EditProfilePage,
);
const AddressBookPage = lazyComponent(
  'addresses',
  () => import('../features/address-book/pages/address-book-page'),
  (m) => m.AddressBookPage,
);
const CompanyPage = lazyComponent(
  'company',
  () => import('../features/companies/pages/company-page'),
  (m) => m.CompanyPage,
);
const MyOrdersPage = lazyComponent(
  'myOrders',
  () => import('../features/orders/pages/my-orders-page'),
  (m) => m.MyOrdersPage,
);
const MyOrderPage = lazyComponent(
  'myOrder',
  () => import('../features/orders/pages/order-desk-page'),
  (m) => m.MyOrderPage,
);
const PaymentPage = lazyComponent(
  'payment',
  () => import('../features/payments/pages/payment-page'),
  (m) => m.PaymentPage,
);
const AddReviewPage = lazyComponent(
  'addReview',
  () => import('../features/reviews/pages/add-review-page'),
  (m) => m.AddReviewPage,
);

// Administrators' pages.
const OverviewPage = lazyComponent(
  'overview',
  () => import('../features/admin/pages/overview-page'),
  (m) => m.OverviewPage,
);
// The users' chunk holds the price lists' page too (a customer's list is chosen there): a chunk
// of its own would add its name and its dependencies' to the first download's table of chunks.
const usersChunk = () => import('../features/admin/pages/users-page');
const UsersPage = lazyComponent('users', usersChunk, (m) => m.UsersPage);
const PriceListsPage = lazyComponent('priceLists', usersChunk, (m) => m.PriceListsPage);
// The companies' pages, one chunk for the list and a company (the price lists' choice comes with it).
const companiesChunk = () => import('../features/admin/pages/companies-page');
const CompaniesPage = lazyComponent('companies', companiesChunk, (m) => m.CompaniesPage);
const CompanyAdminPage = lazyComponent('companyAdmin', companiesChunk, (m) => m.CompanyAdminPage);
const AddProductPage = lazyComponent(
  'addProduct',
  () => import('../features/admin/pages/add-product-page'),
  (m) => m.AddProductPage,
);
const ManageProductsPage = lazyComponent(
  'manageAllProducts',
  () => import('../features/admin/pages/manage-products-page'),
  (m) => m.ManageProductsPage,
);
const AllOrdersPage = lazyComponent(
  'allOrders',
  () => import('../features/orders/pages/all-orders-page'),
  (m) => m.AllOrdersPage,
);
const EnterOrderPage = lazyComponent(
  'enterOrder',
  () => import('../features/orders/pages/enter-order-page'),
  (m) => m.EnterOrderPage,
);
const EnquiriesPage = lazyComponent(
  'enquiries',
  () => import('../features/enquiries/pages/enquiries-page'),
  (m) => m.EnquiriesPage,
);
const AdminOrderPage = lazyComponent(
  'order',
  () => import('../features/orders/pages/order-desk-page'),
  (m) => m.AdminOrderPage,
);
const SettingsPage = lazyComponent(
  'settings',
  () => import('../features/settings/pages/settings-page'),
  (m) => m.SettingsPage,
);
const AuditPage = lazyComponent(
  'audit',
  () => import('../features/audit/pages/audit-page'),
  (m) => m.AuditPage,
);
const DocumentsPage = lazyComponent(
  'documents',
  () => import('../features/documents/pages/documents-page'),
  (m) => m.DocumentsPage,
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
            <Route path="dashboard" element={<DashboardLayout />}>
              <Route index element={<Navigate to="/dashboard/myProfile" replace />} />
              <Route path="myProfile" element={<MyProfilePage />} />
              <Route path="editProfile" element={<EditProfilePage />} />
              <Route path="addresses" element={<AddressBookPage />} />
              <Route path="company" element={<CompanyPage />} />
              <Route path="myOrders" element={<MyOrdersPage />} />
              <Route path="myOrders/:id" element={<MyOrderPage />} />
              <Route path="payment/:id" element={<PaymentPage />} />
              <Route path="addReview" element={<AddReviewPage />} />
              <Route element={<RequireAdmin />}>
                <Route path="overview" element={<OverviewPage />} />
                <Route path="users" element={<UsersPage />} />
                <Route path="price-lists" element={<PriceListsPage />} />
                <Route path="companies" element={<CompaniesPage />} />
                <Route path="companies/:id" element={<CompanyAdminPage />} />
                <Route path="addProduct" element={<AddProductPage />} />
                <Route path="manageAllProducts" element={<ManageProductsPage />} />
                <Route path="allOrders" element={<AllOrdersPage />} />
                <Route path="enquiries" element={<EnquiriesPage />} />
                <Route path="orders/new" element={<EnterOrderPage />} />
                <Route path="orders/:id" element={<AdminOrderPage />} />
                <Route path="settings" element={<SettingsPage />} />
                <Route path="audit" element={<AuditPage />} />
                <Route path="pages" element={<EditPagesPage />} />
                <Route path="documents" element={<DocumentsPage />} />
              </Route>
            </Route>
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
    loads.push(type.preload());
  }
  await Promise.allSettled(loads);
}
