import { useState } from 'react';

/**
 * A phone menu's open state, closed by any route change (a link, back or forward). Closed while
 * the new address renders, as React's "adjusting state when a prop changes" does, not by an effect
 * after it: such an effect could run late on a busy phone, after a tap on the menu button of the
 * new page had opened it, and close it again (a journey's tap on the dashboard's menu did nothing).
 */
export function useMenuClosedOnNavigation(pathname: string) {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState(pathname);
  if (at !== pathname) {
    setAt(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
