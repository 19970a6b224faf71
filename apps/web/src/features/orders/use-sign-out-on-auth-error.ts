import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/session';

/**
 * Spec §4: a 401 or 403 on the my-orders call means the session is gone — forget the user and
 * go to /login (DESIGN §6).
 */
export function useSignOutOnAuthError(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) {
      clearSession();
      navigate('/login', { replace: true });
    }
  }, [error, navigate]);
}
