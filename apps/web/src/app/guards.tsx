import { Navigate, useLocation } from 'react-router';

/**
 * Protected routes (purchase, dashboard) while nobody can be signed in yet: send the visitor
 * to /login and remember where they were going, as spec §2 asks.
 */
export function RequireSignIn() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
}
