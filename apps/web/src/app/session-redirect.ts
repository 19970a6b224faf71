import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onSessionEnd } from '../lib/session';

/**
 * When the API says the session is gone (a 401, or a 403 on the calls the spec names), send the
 * user to /login, remembering the page so signing in again brings them back (docs/web.md, "The web app").
 */
export function useRedirectWhenSessionExpires(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason !== 'expired') return;
        const { pathname, search, hash } = here.current;
        if (pathname === '/login') return;
        navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
      }),
    [navigate],
  );
}
