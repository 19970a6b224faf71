import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from 'react-router';
import { lazyComponent } from '../lib/lazy-route';
import { RequireAdmin } from './guards';

// The dashboard's routes (the signed-in buyer's and the administrators' pages), a chunk of their
// own that app/router.tsx loads for /dashboard/*: their names and their chunks' table then stay
// out of the home page's first download, whatever pages the dashboard gains. Each page is still
// its own lazy chunk, named for the spec's 'Loading chunk {n} failed.' message.

const EditPagesPage = lazyComponent(
  'pages',
  () => import('../features/pages/pages/edit-pages-page'),
  (m) => m.EditPagesPage,
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
const EnquiriesPage = lazyComponent(
  'enquiries',
  () => import('../features/enquiries/pages/enquiries-page'),
  (m) => m.EnquiriesPage,
);
const QuoteRequestsPage = lazyComponent(
  'quoteRequests',
  () => import('../features/quotes/pages/quote-requests-page'),
  (m) => m.QuoteRequestsPage,
);
const QuotesPage = lazyComponent(
  'quotes',
  () => import('../features/quotes/pages/quotes-page'),
  (m) => m.QuotesPage,
);
const QuotePage = lazyComponent(
  'quote',
  () => import('../features/quotes/pages/quote-page'),
  (m) => m.QuotePage,
);
const EnterOrderPage = lazyComponent(
  'enterOrder',
  () => import('../features/orders/pages/enter-order-page'),
  (m) => m.EnterOrderPage,
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
/** Every page under /dashboard (its paths relative to it), in the dashboard's layout. */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<Navigate to="/dashboard/myProfile" replace />} />
        <Route path="myProfile" element={<MyProfilePage />} />
        <Route path="editProfile" element={<EditProfilePage />} />
        <Route path="addresses" element={<AddressBookPage />} />
        <Route path="company" element={<CompanyPage />} />
        <Route path="myOrders" element={<MyOrdersPage />} />
        <Route path="myOrders/:id" element={<MyOrderPage />} />
        <Route path="payment/:id" element={<PaymentPage />} />
        <Route path="addReview" element={<AddReviewPage />} />
        <Route path="quotes" element={<QuotesPage />} />
        <Route path="quotes/:id" element={<QuotePage />} />
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
          <Route path="quote-requests" element={<QuoteRequestsPage />} />
          <Route path="orders/new" element={<EnterOrderPage />} />
          <Route path="orders/:id" element={<AdminOrderPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="pages" element={<EditPagesPage />} />
          <Route path="documents" element={<DocumentsPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/**
 * Starts fetching the chunks of the layout and page at `rest` (the path under /dashboard/), as
 * `preloadRoute` in app/router.tsx does for the pages outside the dashboard.
 */
export async function preloadDashboardRoute(
  rest: string,
  beforeEach?: () => Promise<unknown>,
): Promise<void> {
  const routes = createRoutesFromElements(
    (DashboardRoutes() as ReactElement<{ children: ReactElement }>).props.children,
  );
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, `/${rest}`) ?? []) {
    const type = (match.route.element as ReactElement | undefined)?.type as {
      preload?: () => Promise<unknown>;
    };
    if (!type?.preload) continue;
    if (beforeEach) await beforeEach();
    loads.push(type.preload());
  }
  await Promise.allSettled(loads);
}
