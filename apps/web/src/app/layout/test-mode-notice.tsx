import type { ResponseOf } from '@kanna/shared/api/endpoint';
import { getSettings } from '@kanna/shared/api/shop';
import { createContext, useContext, useEffect, useState } from 'react';
import { uiTexts } from '../../components/ui/i18n/first';
import { call } from '../../lib/api-client';
import { useTexts } from '../../lib/i18n';

type PaymentMode = ResponseOf<typeof getSettings>['payments'];

/**
 * The payment mode when the page is rendered on the server (entry-server.tsx), where there is no
 * document to read it from; null in the browser.
 */
export const RenderedPaymentMode = createContext<PaymentMode | null>(null);

/**
 * The payment mode the server wrote into the page (`<html data-payments="test">`), so the
 * notice is there in the first render: no request to wait for, nothing pushed down later.
 */
function paymentModeOfPage(): PaymentMode | null {
  if (typeof document === 'undefined') return null;
  const mode = document.documentElement.dataset.payments;
  return mode === 'test' || mode === 'stripe' ? mode : null;
}

/**
 * Says on every page that card payments are pretend while the shop runs its built-in test
 * processor. Part of the page's flow (never over content), high contrast, and a plain note for
 * screen readers: read where it stands, not announced again on every navigation.
 */
export function TestModeNotice() {
  const t = useTexts(uiTexts);
  const rendered = useContext(RenderedPaymentMode);
  const [mode, setMode] = useState(() => rendered ?? paymentModeOfPage());
  useEffect(() => {
    // The page did not come from the shop's server (Vite's dev server): ask the API instead. The
    // shop's server writes the mode into every page it sends (plugins/web.ts), so a production
    // build leaves this request, and its code, out of the first download (decision 0058).
    if (!import.meta.env.DEV || mode !== null) return;
    const controller = new AbortController();
    call(getSettings, {}, { signal: controller.signal })
      .then((settings) => setMode(settings.payments))
      .catch(() => {});
    return () => controller.abort();
  }, [mode]);

  if (mode !== 'test') return null;
  return (
    <p
      role="note"
      className="border-b border-warning-content/20 bg-warning px-4 py-2 text-center text-sm font-medium text-warning-content"
    >
      {t.testModeNotice}
    </p>
  );
}
