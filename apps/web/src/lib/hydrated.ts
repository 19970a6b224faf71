import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while a server-rendered page hydrates, true from then on (and at once
 * in a page the browser renders itself). A form on a server-rendered page keeps its submit button
 * disabled until then: sent before React has taken it over, the browser would submit it natively
 * (a GET with the fields in the address) instead of through the API.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
