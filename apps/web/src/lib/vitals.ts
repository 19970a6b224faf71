import { reportVital } from '@kanna/shared/api/shop';
import type { VitalReport } from '@kanna/shared/vitals';
import type { Metric } from 'web-vitals';

// Sent as a beacon (it outlives the page), so not through call(): only the contract's path.
const ENDPOINT = reportVital.path;

/**
 * web-vitals measures the page load a visit starts with (LCP, FCP, TTFB) and the visit as a whole
 * (CLS, INP), so reports carry the path the visit started on, not where the visitor is when the
 * page is hidden.
 */
let landingPath = '/';

const toReport = (metric: Metric): VitalReport => ({
  name: metric.name,
  value: Math.min(Math.max(metric.value, 0), 600_000),
  rating: metric.rating,
  id: metric.id.slice(0, 100),
  path: landingPath.slice(0, 300),
  navigationType: metric.navigationType.slice(0, 40),
});

/** One report per request; a beacon survives the page being hidden or closed. */
export function sendVital(report: VitalReport): void {
  const body = JSON.stringify(report);
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, blob)) return;
  void fetch(ENDPOINT, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => {
    // Telemetry must never bother the user.
  });
}

// Measurements wait until the page is hidden and then go out together: one burst per visit,
// sent when the visitor leaves or switches away, rather than requests while they browse.
const pending: VitalReport[] = [];

function flush(): void {
  for (const report of pending.splice(0)) sendVital(report);
}

function queue(report: VitalReport): void {
  if (document.visibilityState === 'hidden') sendVital(report);
  else pending.push(report);
}

async function startReporting(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  const report = (metric: Metric) => queue(toReport(metric));
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
}

/**
 * Loads web-vitals once the page has loaded and the browser is idle (its observers read buffered
 * entries, so nothing is missed) and keeps it out of the code that paints the first screen.
 */
export function reportWebVitals(): void {
  landingPath = window.location.pathname;
  const start = () => {
    startReporting().catch(() => {
      // A failed telemetry chunk is not the user's problem.
    });
  };
  // When the browser is idle after the load: its observers are a long task on a phone, which
  // should not fall while the page is being taken over.
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(start, { timeout: 5000 })
      : setTimeout(start, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
