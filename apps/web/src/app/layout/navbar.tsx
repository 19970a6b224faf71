import { memo, useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { CartIcon, CloseIcon, MenuIcon } from '../../components/ui/icons';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { authRequest } from '../../lib/api-client';
import { connectCart, useCartCount } from '../../lib/cart';
import { useTexts, type WordKey } from '../../lib/i18n';
import { clearSession, type SessionUser, useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { appTexts } from '../i18n/first';
import type en from '../i18n/first.en';
import { useMenuClosedOnNavigation } from './menu-state';

interface NavItem {
  to: string;
  /** Its words, by their key in the shell's texts. */
  label: WordKey<typeof en>;
  /** Paths on which this link counts as the current page. */
  matches: (pathname: string) => boolean;
}

const startsWith = (base: string) => (pathname: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

/** Spec §2: what everybody sees. */
const publicItems: NavItem[] = [
  { to: '/home', label: 'home', matches: (p) => p === '/' || startsWith('/home')(p) },
  { to: '/allReview', label: 'reviews', matches: startsWith('/allReview') },
  { to: '/blog', label: 'blogs', matches: startsWith('/blog') },
  { to: '/myPortfolio', label: 'portfolio', matches: startsWith('/myPortfolio') },
];

const loginItem: NavItem = {
  to: '/login',
  label: 'login',
  matches: startsWith('/login'),
};

/** Spec §2: what a signed-in user sees as well. */
const signedInItems: NavItem[] = [
  { to: '/dashboard/myProfile', label: 'dashboard', matches: startsWith('/dashboard') },
  { to: '/allProduct', label: 'woodenTools', matches: startsWith('/allProduct') },
];

const MENU_ID = 'primary-menu';

const linkClass = (current: boolean) =>
  `block rounded-field px-4 py-3 font-medium transition-colors lg:px-3 lg:py-2 ${
    current ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
  }`;

/**
 * Kept as it was while only the session changes (memo): once a page is hydrated the bar draws
 * again for who is signed in, in one task a visitor waits out, and the public links stay the same.
 */
const NavLinkItem = memo(function NavLinkItem({
  item,
  pathname,
  hidden = false,
}: {
  item: NavItem;
  pathname: string;
  hidden?: boolean;
}) {
  const current = item.matches(pathname);
  const t = useTexts(appTexts);
  return (
    // While the session is asked for, Login keeps its place without being shown or reachable,
    // so nothing moves when it appears.
    <li className={hidden ? 'invisible' : undefined} aria-hidden={hidden || undefined}>
      <Link
        to={item.to}
        aria-current={current ? 'page' : undefined}
        tabIndex={hidden ? -1 : undefined}
        className={linkClass(current)}
      >
        {t[item.label]}
      </Link>
    </li>
  );
});

/** Better Auth's sign-out revokes the session on the server; then the page forgets the user. */
async function signOut(): Promise<void> {
  await authRequest('/api/auth/sign-out', {});
  clearSession('signed-out');
}

function UserArea({ user, pathname }: { user: SessionUser; pathname: string }) {
  const t = useTexts(appTexts);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const onSignOut = async () => {
    setLeaving(true);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch (error) {
      void notify('error', error instanceof Error ? error.message : t.signOutFailed);
    } finally {
      setLeaving(false);
    }
  };
  const onProfile = startsWith('/dashboard/myProfile')(pathname);
  return (
    <>
      <li className="mt-2 border-t border-base-300 pt-2 lg:mt-0 lg:ml-2 lg:border-0 lg:pt-0">
        <Link
          to="/dashboard/myProfile"
          aria-current={onProfile ? 'page' : undefined}
          className="flex items-center gap-2 rounded-field px-4 py-2 hover:bg-base-200 lg:px-2"
        >
          <Avatar src={user.image} size={36} className="size-9 shrink-0 border border-base-300 bg-base-200" />
          <span className="truncate font-medium lg:max-w-36">{user.name}</span>
        </Link>
      </li>
      <li className="mt-1 lg:mt-0 lg:ml-1">
        <button
          type="button"
          className="btn btn-outline btn-primary w-full lg:btn-sm lg:w-auto"
          onClick={onSignOut}
          disabled={leaving}
        >
          {leaving ? t.signingOut : t.signOut}
        </button>
      </li>
    </>
  );
}

/** The cart with how many tools are in it; always on the bar, beside the phone menu's button. */
function CartLink({ pathname }: { pathname: string }) {
  const t = useTexts(appTexts);
  const count = useCartCount();
  const current = startsWith('/cart')(pathname);
  const label = count === null ? t.cart : count === 0 ? t.cartEmpty : t.cartWith(count);
  return (
    <Link
      to="/cart"
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      className={`btn btn-ghost btn-square relative ${current ? 'bg-primary text-primary-content' : ''}`}
    >
      <CartIcon className="size-6" />
      {count !== null && count > 0 && (
        <span
          aria-hidden="true"
          className="badge badge-sm badge-secondary absolute -top-1 -right-1 min-w-5 px-1 tabular-nums"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

/** Fixed top bar; the current route's link is highlighted and marked aria-current="page". */
export function Navbar() {
  const t = useTexts(appTexts);
  const { pathname } = useLocation();
  // Drawn for who is signed in in the background: the session becomes known just after a page
  // the server rendered is hydrated, and drawing the bar again at once was a long task then.
  const session = useDeferredValue(useSession());
  // Any route change (a link, back or forward) closes the phone menu.
  const [open, setOpen] = useMenuClosedOnNavigation(pathname);

  // The cart follows the session: this browser's for a visitor, the account's once signed in.
  useEffect(() => connectCart(session), [session]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-base-300 bg-base-100 shadow-sm">
      <nav
        aria-label={t.mainNavigation}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-primary">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          Kanna
        </Link>
        {/* On wide screens the cart sits after the links, at the end of the bar. */}
        <div className="ml-auto flex items-center gap-1 lg:order-last lg:ml-0">
          <CartLink pathname={pathname} />
          <button
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={open ? t.closeMenu : t.openMenu}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
        <ul
          id={MENU_ID}
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 max-h-[calc(100svh-4rem)] flex-col gap-1 overflow-y-auto border-b border-base-300 bg-base-100 p-3 shadow-md lg:static lg:ml-auto lg:flex lg:max-h-none lg:flex-row lg:items-center lg:overflow-visible lg:border-0 lg:p-0 lg:shadow-none`}
        >
          {publicItems.map((item) => (
            <NavLinkItem key={item.to} item={item} pathname={pathname} />
          ))}
          {session.status === 'signed-in' ? (
            <>
              {signedInItems.map((item) => (
                <NavLinkItem key={item.to} item={item} pathname={pathname} />
              ))}
              <UserArea user={session.user} pathname={pathname} />
            </>
          ) : (
            <NavLinkItem item={loginItem} pathname={pathname} hidden={session.status === 'loading'} />
          )}
          <li className="mt-1 lg:mt-0 lg:ml-1">
            <LanguageSwitch className="w-full justify-start px-4 lg:w-auto lg:px-3" />
          </li>
        </ul>
      </nav>
    </header>
  );
}
