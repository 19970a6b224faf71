import { vi } from 'vitest';

// The API suite's files share a worker process, so the libraries load once (isolate: false in
// apps/server/vitest.config.ts). Each file still starts as if alone: with its own copy of the
// shop's modules (so its vi.mock calls apply to them), and with nothing the previous file stubbed.
vi.resetModules();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
