import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server's own threshold). */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (Brotli, best quality) and `name.gz` (gzip level 9) beside every compressible
 * file of the build, once, so the server sends them as they are (`preCompressed` in
 * apps/server/src/plugins/web.ts) instead of compressing every download again at the fast
 * settings on-the-fly compression must use. A copy that is not smaller is not written; the server
 * then compresses or sends the original. index.html is left alone: the server writes the shop's
 * settings into it before sending it.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let forServer = false;
  return {
    name: 'kanna:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      forServer = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The server-rendering build (dist-ssr/) is loaded by the server, never downloaded.
      if (forServer) return;
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
