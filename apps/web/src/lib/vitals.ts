import type { VitalReport } from '@kanna/shared/vitals';
import type { Metric } from 'web-vitals';

const ENDPOINT = '/api/vitals';

const toReport = (metric: Metric): VitalReport => ({
  name: metric.name,
  value: Math.min(Math.max(metric.value, 0), 600_000),
  rating: metric.rating,
  id: metric.id.slice(0, 100),
  path: window.location.pathname.slice(0, 300),
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

async function startReporting(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const report = (metric: Metric) => sendVital(toReport(metric));
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
}

/**
 * Loads web-vitals after the page has loaded (its observers read buffered entries, so
 * nothing is missed) and keeps it out of the code that paints the first screen.
 */
export function reportWebVitals(): void {
  const start = () => {
    startReporting().catch(() => {
      // A failed telemetry chunk is not the user's problem.
    });
  };
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
}
