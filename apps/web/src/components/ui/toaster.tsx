import { useEffect, useState } from 'react';
import { onToastifyLoaded, TOAST_AUTO_CLOSE_MS, toastifyIfLoaded } from '../../lib/toast';

/** Renders react-toastify's container once the first toast has loaded it. */
export function Toaster() {
  const [toastify, setToastify] = useState(toastifyIfLoaded);

  useEffect(() => {
    const current = toastifyIfLoaded();
    if (current) setToastify(() => current);
    return onToastifyLoaded((module) => setToastify(() => module));
  }, []);

  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
