import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an empty, migrated embedded database (see startTestShop). */
    pgliteImage: string;
  }
}

/**
 * Once per run: initialise and migrate one embedded database and keep it as a file, so each
 * test file's shop starts from a copy of it instead of initialising PostgreSQL-in-WASM anew
 * (about 1.5 s instead of 4–5 s per file on two cores).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kanna-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
