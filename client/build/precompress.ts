import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts of binary formats are already compressed. */
const TEXT = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz beside every text asset of the build, so the bridge serves compressed
 * bytes without compressing per request (server/app/serveClient.ts). Vite itself does not compress.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dealer-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // NOTE: last, after every plugin that writes files when the bundle closes (the service worker).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
      for (const path of files(outDir)) {
        try {
          // index.html is the first answer of every visit: always compressed, however small.
          if (!TEXT.test(path) || (statSync(path).size < MIN_BYTES && !path.endsWith('.html'))) continue;
          const bytes = readFileSync(path);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
        } catch (e) {
          // A build started meanwhile emptied the folder: its own pass compresses what it writes.
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
      }
      },
    },
  };
}
