import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';

interface NavItem {
  to: string;
  label: string;
  /** Paths on which this link counts as the current page. */
  matches: (pathname: string) => boolean;
}

const startsWith = (base: string) => (pathname: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

/** Spec §2, signed out. */
const signedOutItems: NavItem[] = [
  { to: '/home', label: 'Home', matches: (p) => p === '/' || startsWith('/home')(p) },
  { to: '/allReview', label: 'Reviews', matches: startsWith('/allReview') },
  { to: '/blog', label: 'Blogs', matches: startsWith('/blog') },
  { to: '/myPortfolio', label: 'MyPortfolio', matches: startsWith('/myPortfolio') },
  { to: '/login', label: 'Login', matches: startsWith('/login') },
];

const MENU_ID = 'primary-menu';

/** Fixed top bar; the current route's link is highlighted and marked aria-current="page". */
export function Navbar() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  // Any route change (a link, back or forward) closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-base-300 bg-base-100 shadow-sm">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-primary">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          Kanna
        </Link>
        <button
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
        <ul
          id={MENU_ID}
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 flex-col gap-1 border-b border-base-300 bg-base-100 p-3 shadow-md lg:static lg:flex lg:flex-row lg:items-center lg:border-0 lg:p-0 lg:shadow-none`}
        >
          {signedOutItems.map((item) => {
            const current = item.matches(pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                  className={`block rounded-field px-4 py-3 font-medium transition-colors lg:py-2 ${
                    current ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
