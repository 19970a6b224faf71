// A prober on its own thread (a worker): asks GET /api/health, then a read the server answers from
// memory, one request after another, for `seconds`, and posts each one's times back. On its own
// event loop, as a load balancer's health check is its own client: its figures are the server's
// answer times, not those of a process busy receiving the load the benchmark makes.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, seconds, paths } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, url), { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const times = Object.fromEntries(paths.map((p) => [p, []]));
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  for (const path of paths) {
    const t = performance.now();
    const status = await get(path);
    if (status !== 200) throw new Error(`${path}: ${status}`);
    times[path].push(performance.now() - t);
  }
  await new Promise((r) => setTimeout(r, 5));
}
agent.destroy();
parentPort.postMessage(times);
