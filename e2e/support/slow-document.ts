import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the shop that sends its HTML pages a few kilobytes at a time, as a slow
 * network does, and everything else as it comes: a browser then parses (and may paint) a page
 * before it has all of it. Resolves to its address and a way to stop it.
 */
export async function slowDocuments(target: string, { chunk = 3_000, pauseMs = 40 } = {}) {
  const { hostname, port } = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: hostname,
        port,
        path: req.url,
        method: req.method,
        // Plain bytes, so the page can be cut anywhere.
        headers: { ...req.headers, host: new URL(target).host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const html = (answer.headers['content-type'] ?? '').includes('text/html');
        const headers = { ...answer.headers };
        if (html) delete headers['content-length'];
        res.writeHead(answer.statusCode ?? 502, headers);
        if (!html) {
          answer.pipe(res);
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', async () => {
          const body = Buffer.concat(parts);
          for (let at = 0; at < body.length; at += chunk) {
            res.write(body.subarray(at, at + chunk));
            await new Promise((resolve) => setTimeout(resolve, pauseMs));
          }
          res.end();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
