import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingDots } from '../components/ui/loading-dots';
import { useTexts } from '../lib/i18n';
import { useSession } from '../lib/session';
import { appTexts } from './i18n/first';

/** Where a guard sent the visitor from; the login page returns there after signing in. */
type FromState = { from: { pathname: string; search?: string; hash?: string } };

function Waiting() {
  const t = useTexts(appTexts);
  return <LoadingDots label={t.checkingSession} className="min-h-[60svh] items-center" />;
}

/**
 * Spec §2: a signed-out visit to a protected route goes to /login, remembering the origin in the
 * location state. While the session is being asked for, the loading dots: never a flash of the
 * page or of the login screen.
 */
export function RequireSignIn({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (session.status === 'loading') return <Waiting />;
  if (session.status === 'signed-out') {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return children ?? <Outlet />;
}

/**
 * Spec §2: admin routes send anyone who is not an administrator to /login. A signed-in customer
 * is then taken on to their profile by the login page; the server refuses them anyway.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (session.status === 'loading') return <Waiting />;
  if (session.user?.role !== 'admin') {
    const state =
      session.status === 'signed-out'
        ? ({ from: { pathname: location.pathname, search: location.search } } satisfies FromState)
        : null;
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}
