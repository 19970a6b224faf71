import {
  BookUser,
  Building2,
  ChartColumn,
  ChevronDown,
  ClipboardList,
  FileCheck,
  FileQuestionMark,
  Files,
  FileText,
  History,
  Inbox,
  type LucideIcon,
  MessageSquarePlus,
  Package,
  PackagePlus,
  Percent,
  Settings,
  ShoppingBag,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { Suspense, useId } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { LoadingDots } from '../../components/ui/loading-dots';
import { useTexts, type WordKey } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { dashboardTexts } from '../i18n';
import type en from '../i18n/en';
import { PageErrorBoundary } from '../page-error-boundary';
import { RouteError } from '../route-error';
import { useMenuClosedOnNavigation } from './menu-state';

interface MenuItem {
  to: string;
  /** Its words, by their key in the shell's texts. */
  label: WordKey<typeof en>;
  icon: LucideIcon;
  /** Pages under another address that belong to this entry (an order's page to All Orders). */
  also?: string;
}

/** Spec §2: the administrators' menu replaces the customers' one (no My Order, no Add Review). */
export const adminMenu: MenuItem[] = [
  { to: '/dashboard/overview', label: 'overview', icon: ChartColumn },
  { to: '/dashboard/myProfile', label: 'myProfile', icon: UserRound },
  { to: '/dashboard/users', label: 'users', icon: UsersRound },
  { to: '/dashboard/price-lists', label: 'priceLists', icon: Percent },
  { to: '/dashboard/companies', label: 'companies', icon: Building2 },
  { to: '/dashboard/addProduct', label: 'addProduct', icon: PackagePlus },
  { to: '/dashboard/manageAllProducts', label: 'manageProduct', icon: Package },
  { to: '/dashboard/allOrders', label: 'allOrders', icon: ClipboardList, also: '/dashboard/orders/' },
  { to: '/dashboard/documents', label: 'documents', icon: Files },
  { to: '/dashboard/enquiries', label: 'enquiries', icon: Inbox },
  { to: '/dashboard/quote-requests', label: 'quoteRequests', icon: FileQuestionMark },
  { to: '/dashboard/quotes', label: 'quotes', icon: FileCheck },
  { to: '/dashboard/pages', label: 'shopPages', icon: FileText },
  { to: '/dashboard/settings', label: 'settings', icon: Settings },
  { to: '/dashboard/audit', label: 'auditLog', icon: History },
];

export const customerMenu: MenuItem[] = [
  { to: '/dashboard/myProfile', label: 'myProfile', icon: UserRound },
  { to: '/dashboard/addresses', label: 'addressBook', icon: BookUser },
  { to: '/dashboard/company', label: 'company', icon: Building2 },
  { to: '/dashboard/myOrders', label: 'myOrder', icon: ShoppingBag },
  { to: '/dashboard/quotes', label: 'quotes', icon: FileCheck },
  { to: '/dashboard/addReview', label: 'addReview', icon: MessageSquarePlus },
];

/**
 * The dashboard shell (spec §2): the side menu with the user's picture, an Admin label for
 * administrators, and the child page beside it. On phones the menu folds into a bar above the
 * page with a button that opens it.
 */
export function DashboardLayout() {
  const t = useTexts(dashboardTexts);
  const session = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useMenuClosedOnNavigation(pathname);
  const menuId = useId();

  const user = session.user;
  if (!user) return null; // RequireSignIn only renders this shell for a signed-in user.
  const isAdmin = user.role === 'admin';
  const items = isAdmin ? adminMenu : customerMenu;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col lg:flex-row lg:gap-8 lg:px-6 lg:py-8">
      <aside
        aria-label={t.dashboard}
        className="border-b border-base-300 bg-base-200 lg:w-64 lg:shrink-0 lg:self-start lg:rounded-box lg:border lg:sticky lg:top-24"
      >
        <div className="flex items-center gap-3 px-4 py-3 lg:flex-col lg:px-6 lg:pt-8 lg:pb-4 lg:text-center">
          <Avatar
            src={user.image}
            size={96}
            className="size-12 border-2 border-primary/40 bg-base-100 lg:size-24"
          />
          <div className="min-w-0 flex-1 lg:w-full">
            {/* One line beside the menu button on phones; the whole name, wrapped, in the sidebar. */}
            <p className="truncate font-semibold lg:whitespace-normal lg:[overflow-wrap:anywhere]">
              {user.name}
            </p>
            {isAdmin && <span className="badge badge-accent badge-sm mt-1">{t.admin}</span>}
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="sr-only">{t.dashboard} </span>
            {t.menu}
            <ChevronDown
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
          </button>
        </div>
        <nav aria-label={t.dashboardMenu} id={menuId} className={`${open ? 'block' : 'hidden'} lg:block`}>
          <ul className="flex flex-col gap-1 px-3 pb-3 lg:pb-6">
            {items.map(({ to, label, icon: Icon, also }) => {
              const active =
                pathname === to ||
                pathname.startsWith(`${to}/`) ||
                (also !== undefined && pathname.startsWith(also));
              return (
                <li key={to}>
                  <Link
                    to={to}
                    aria-current={active ? 'page' : undefined}
                    className={`flex items-center gap-3 rounded-field px-4 py-3 font-medium transition-colors ${
                      active ? 'bg-primary text-primary-content' : 'hover:bg-base-300'
                    }`}
                  >
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    {t[label]}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <PageErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
          <Suspense fallback={<LoadingDots label={t.loadingPage} className="min-h-[50svh] items-center" />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </div>
    </div>
  );
}
