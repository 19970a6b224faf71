// npm start: build what is not built yet, then migrate, seed sample data (embedded database)
// and serve the shop on http://localhost:3000 (see README for the configuration).
import module from 'node:module';
import { ensureBuilt } from './build-if-needed.mjs';

ensureBuilt();
// Node.js 22+ keeps the compiled server between starts (in the system's temporary folder):
// a start then skips compiling the bundle (docs/decisions/0016-start-up.md).
module.enableCompileCache?.();
await import('../apps/server/dist/server.js');
