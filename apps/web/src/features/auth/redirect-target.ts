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
