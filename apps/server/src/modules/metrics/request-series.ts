import { Counter, Histogram, type Registry } from 'prom-client';

/** One request counted: its duration in seconds. Made once per method, route and status. */
export type RequestCount = (seconds: number) => void;

/** One sample as prom-client's registry writes it (the shape `getMetricsAsJSON` shows). */
type Sample = { value: number; labels: Record<string, string | number>; metricName?: string };

/**
 * `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`,
 * counted in plain numbers and handed to prom-client's registry only when it is scraped.
 *
 * Why not prom-client's Counter and Histogram: each labelled `inc()` or `observe()` of theirs
 * hashes and checks its label set again, even through `labels()` — about 1.7 µs a request
 * measured together, 4 % of a replayed read (decision 0021). Here a request is a Map look-up
 * made once per method, route and status, then a few additions (~0.05 µs). The registry reads
 * a registered metric through its `get()`: these families are prom-client's own classes
 * (`SampledCounter`, `SampledHistogram`) whose `get()` answers these numbers, so the text written
 * is prom-client's (`metrics.test.ts` parses it strictly).
 */
export class RequestSeries {
  private readonly totals = new Map<string, { labels: Record<string, string>; count: number }>();
  private readonly durations = new Map<
    string,
    { labels: Record<string, string>; buckets: number[]; sum: number; count: number }
  >();
  private readonly counts = new Map<string, RequestCount>();

  /** `buckets`: the histogram's upper bounds in seconds, rising (`+Inf` is added). */
  constructor(
    registry: Registry,
    private readonly buckets: readonly number[],
  ) {
    registry.registerMetric(
      new SampledCounter(
        'http_requests_total',
        'HTTP requests answered, by method, route pattern and status',
        () => [...this.totals.values()].map(({ labels, count }) => ({ value: count, labels })),
      ),
    );
    registry.registerMetric(
      new SampledHistogram(
        'http_request_duration_seconds',
        'Time to answer an HTTP request, by method and route pattern',
        () => [...this.durations.values()].flatMap((d) => this.histogramSamples(d)),
      ),
    );
  }

  /** The count of one method, route pattern and status, made once and kept. */
  request(method: string, route: string, status: number): RequestCount {
    const key = `${method} ${status} ${route}`;
    let count = this.counts.get(key);
    if (!count) {
      const total = { labels: { method, route, status: String(status) }, count: 0 };
      this.totals.set(key, total);
      const durationKey = `${method} ${route}`;
      let duration = this.durations.get(durationKey);
      if (!duration) {
        duration = { labels: { method, route }, buckets: this.buckets.map(() => 0), sum: 0, count: 0 };
        this.durations.set(durationKey, duration);
      }
      const d = duration;
      const bounds = this.buckets;
      count = (seconds) => {
        total.count++;
        d.count++;
        d.sum += seconds;
        // The first bucket whose bound holds it (le: less or equal); past the last, only +Inf.
        let i = 0;
        while (i < bounds.length && seconds > (bounds[i] as number)) i++;
        if (i < bounds.length) d.buckets[i] = (d.buckets[i] ?? 0) + 1;
      };
      this.counts.set(key, count);
    }
    return count;
  }

  /** One series of the histogram as the text format has it: cumulative buckets, `+Inf`, sum, count. */
  private histogramSamples(d: {
    labels: Record<string, string>;
    buckets: number[];
    sum: number;
    count: number;
  }): Sample[] {
    const name = 'http_request_duration_seconds';
    let below = 0;
    const samples: Sample[] = this.buckets.map((le, i) => {
      below += d.buckets[i] ?? 0;
      return { value: below, labels: { ...d.labels, le }, metricName: `${name}_bucket` };
    });
    samples.push(
      { value: d.count, labels: { ...d.labels, le: '+Inf' }, metricName: `${name}_bucket` },
      { value: d.sum, labels: d.labels, metricName: `${name}_sum` },
      { value: d.count, labels: d.labels, metricName: `${name}_count` },
    );
    return samples;
  }
}

/*
 * prom-client's Counter and Histogram, registered nowhere when made (`registers: []`), answering
 * the samples `read` gives instead of their own: the registry reads a counter through `get()`, and
 * a histogram through its `getForPromString()` (which its `get()` calls too), as it reads its own.
 */
class SampledCounter extends Counter {
  constructor(
    name: string,
    help: string,
    private readonly read: () => Sample[],
  ) {
    super({ name, help, registers: [] });
  }

  override async get() {
    return { ...(await super.get()), values: this.read() };
  }
}

class SampledHistogram extends Histogram {
  constructor(
    private readonly metricName: string,
    private readonly helpText: string,
    private readonly read: () => Sample[],
  ) {
    super({ name: metricName, help: helpText, registers: [] });
  }

  async getForPromString() {
    return {
      name: this.metricName,
      help: this.helpText,
      type: 'histogram',
      values: this.read(),
      aggregator: 'sum',
    };
  }
}
