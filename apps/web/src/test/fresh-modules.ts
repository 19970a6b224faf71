import { vi } from 'vitest';

// The web tests share a worker's happy-dom and libraries between files (isolate: false in
// apps/web/vitest.config.ts). Each file still starts as if alone: with its own copy of the app's
// modules (so its vi.mock calls apply to them), and with nothing the previous file stubbed.
vi.resetModules();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
