import { useState } from 'react';
import { type SessionState, useSession } from '../../lib/session';

/**
 * The session as it was when the page was opened (once known). The sign-in pages send a user who
 * arrived signed in to the dashboard, but not one who has just signed in on the page itself.
 */
export function useArrivalSession(): SessionState['status'] {
  const session = useSession();
  const [arrival, setArrival] = useState<SessionState['status']>(session.status);
  if (arrival === 'loading' && session.status !== 'loading') setArrival(session.status);
  return arrival;
}
