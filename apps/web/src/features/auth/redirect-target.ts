import type { Location } from 'react-router';

type From = { pathname?: unknown; search?: unknown; hash?: unknown };

/** Pages a user should never be sent back to after signing in. */
const authPaths = ['/login', '/signup', '/reset-password'];

/**
 * Where to go after signing in (spec §2): the page a guard sent the user away from, kept in the
 * location state, or the home page. Only paths of this site are followed.
 */
export function redirectTarget(location: Pick<Location, 'state'>): string {
  const from = (location.state as { from?: From } | null)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return '/';
  if (authPaths.includes(pathname)) return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/** What a page that needs an account is for, as the login page says it (never its address). */
export type LoginPurpose = 'order' | 'myOrders' | 'myOrder' | 'payment' | 'profile' | 'review' | 'admin';

const purposes: [RegExp, LoginPurpose][] = [
  [/^\/purchase\/[^/]+$/, 'order'],
  [/^\/dashboard\/myOrders$/, 'myOrders'],
  [/^\/dashboard\/myOrders\/[^/]+$/, 'myOrder'],
  [/^\/dashboard\/payment\/[^/]+$/, 'payment'],
  [/^\/dashboard(\/(myProfile|editProfile))?$/, 'profile'],
  [/^\/dashboard\/addReview$/, 'review'],
  [/^\/dashboard\/[^/]+/, 'admin'],
];

/** What the user logs in for, from the page they were sent away from; null for a page not named here. */
export function loginPurpose(target: string): LoginPurpose | null {
  const pathname = target.split(/[?#]/)[0] ?? '';
  return purposes.find(([path]) => path.test(pathname))?.[1] ?? null;
}
