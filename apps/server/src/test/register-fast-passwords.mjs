// Loaded with `--import` into the API suite's workers (apps/server/vitest.config.ts): Better
// Auth hashes passwords with fast-passwords.mjs there. The synchronous hooks of Node.js 22.15+
// where they exist, else the off-thread ones of Node.js 20.
import * as module from 'node:module';
import { resolve } from './fast-passwords.mjs';

if (typeof module.registerHooks === 'function') module.registerHooks({ resolve });
else module.register('./fast-passwords.mjs', import.meta.url);
