// An open-loop load: requests start on a fixed schedule (rate per second, evenly spaced) over at
// most `connections` keep-alive connections, whatever the answers' speed. Each latency is
// measured from the request's scheduled start, so time spent waiting for a free connection
// counts (no coordinated omission). autocannon's rate option sends each second's quota in a
// burst at the start of the second instead, which measures its own bursts.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * @param {{ url: string, rate: number, seconds: number, connections: number,
 *   request: (i: number) => { method: string, path: string, headers: object, body?: string } }} o
 */
export async function pacedLoad({ url, rate, seconds, connections, request }) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = {};
  let errors = 0;
  const inFlight = new Set();
  const interval = 1000 / rate;
  const total = Math.floor(rate * seconds);
  const start = performance.now();

  const send = (i, due) => {
    const { method, path, headers, body } = request(i);
    const done = new Promise((resolve) => {
      const req = http.request({ agent, hostname, port, method, path, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  };

  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    send(i, due);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    elapsed,
    requests: total,
    errors,
    statuses,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}
