// npm run shop -- <command>: the operator's CLI (migrate | seed | make-admin <email>).
import { ensureBuilt } from './build-if-needed.mjs';

ensureBuilt();
await import('../apps/server/dist/cli.js');
