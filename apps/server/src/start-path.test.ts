import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './test/harness';

/**
 * What a start loads before its first answer (docs/decisions/0050-speed-back.md): the server's
 * modules reached from src/server.ts through static imports (and src/server.ts's own `import()`s,
 * which a start awaits). esbuild bundles the server into one
 * file and evaluates a module reached only through `import()` when that import runs, so a module
 * kept off this graph costs a start nothing. The PDF renderer (pdfkit, fontkit and their tables)
 * is loaded on the first document, never at start.
 */
const root = path.resolve(import.meta.dirname, '..');

async function startGraph(): Promise<{ files: Set<string>; packages: Set<string> }> {
  const { metafile } = await build({
    entryPoints: ['src/server.ts'],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const i of metafile.inputs[file]?.imports ?? []) {
      // src/server.ts's own imports() run at start (they load the app while the database opens).
      if (i.kind === 'dynamic-import' && file !== 'src/server.ts') continue;
      if (i.external) packages.add(i.path);
      else visit(i.path);
    }
  };
  visit('src/server.ts');
  return { files, packages };
}

describe.skipIf(onPostgres())('the start path', () => {
  it('does not load the PDF renderer, pdfkit or fontkit before the first document', async () => {
    const { files, packages } = await startGraph();
    // The graph is the server's: the app and the orders' documents service are on it.
    expect(files).toContain('src/app.ts');
    expect(files).toContain('src/modules/orders/orders.documents.ts');
    expect(
      [...files].filter((f) => f.startsWith('src/modules/documents/') && !f.endsWith('model.ts')),
    ).toEqual([]);
    expect([...packages].filter((p) => /^(pdfkit|fontkit)(\/|$)/.test(p))).toEqual([]);
  }, 60_000);
});
