// A worker thread's TypeScript run from the sources, through tsx: the tests start the backup's
// worker (backup-worker.ts) with this; the server's build bundles the worker instead (build.mjs).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.script, import.meta.url);
