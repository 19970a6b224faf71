// npm start: build what is not built yet, then migrate, seed sample data (embedded database)
// and serve the shop on http://localhost:3000 (see README for the configuration).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/server.js');
