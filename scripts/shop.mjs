// npm run shop -- <command>: the operator's CLI (migrate | seed | make-admin <email>).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/cli.js');
