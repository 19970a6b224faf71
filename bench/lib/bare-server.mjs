// The yardstick for bench/api-throughput.mjs: a bare node:http server that answers every
// request with one fixed body and content type, doing no other work. It runs in its own
// process, like the real server, so neither shares an event loop with the load generator.
// Usage: node bare-server.mjs <body-file> <content-type> [<headers-file>]; prints
// "listening <port>". <headers-file>: a JSON object of further headers to send with every answer
// (the yardstick with the same header bytes as the server measured).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, contentType, headersFile] = process.argv.slice(2);
if (!bodyFile || !contentType) {
  console.error('usage: node bare-server.mjs <body-file> <content-type> [<headers-file>]');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const headers = {
  ...(headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : {}),
  'content-type': contentType,
  'content-length': String(body.length),
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
