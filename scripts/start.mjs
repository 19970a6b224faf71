// npm start: build what is not built yet, then migrate, seed sample data (embedded database)
// and serve the shop on http://localhost:3000 (see README for the configuration).
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { ensureBuilt } from './build-if-needed.mjs';

// The oldest Node.js package.json claims ("engines": ">=20.19"): on an older one, say so in
// words, rather than let a dependency fail in its own way (scripts/check-engines.mjs keeps the
// dependencies within that claim).
const claimed = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const [needMajor, needMinor = 0] = (claimed.match(/\d+/g) ?? []).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `Kanna needs Node.js ${claimed.replace('>=', '')} or later (Node.js 24 is the best choice); this is Node.js ${process.versions.node}.\n` +
      'Install a newer Node.js, then run npm start again.',
  );
  process.exit(1);
}

ensureBuilt();
// Node.js 22+ keeps the compiled server between starts (in the system's temporary folder):
// a start then skips compiling the bundle (docs/decisions/0016-start-up.md).
module.enableCompileCache?.();
await import('../apps/server/dist/server.js');
