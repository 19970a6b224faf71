// Bundles the server into dist/ (our code and packages/shared; npm dependencies stay external),
// so production starts compiled JavaScript without a TypeScript loader.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Workspace packages (@kanna/*) ship as TypeScript source, so they are bundled in.
  external: Object.keys(pkg.dependencies ?? {})
    .filter((d) => !d.startsWith('@kanna/'))
    .flatMap((d) => [d, `${d}/*`]),
  logLevel: 'warning',
});
console.log('built apps/server/dist');
