import { z } from 'zod';

/** One Core Web Vitals measurement, as the browser's `web-vitals` reports it. */
export const vitalReport = z.object({
  name: z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  id: z.string().max(100),
  path: z.string().max(300),
  navigationType: z.string().max(40).optional(),
});
export type VitalReport = z.infer<typeof vitalReport>;

/** The vitals call answers 204 with no body. */
export const vitalRecorded = z.null().describe('Recorded');
