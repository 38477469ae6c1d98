import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/**
 * `build/server/main.mjs`, what `npm start` runs: loads the prebuilt bridge (`bridge.cjs`, one
 * CommonJS file) with the V8 code cache made when it was built (`bridge.cjs.cache`), then runs it.
 * NOTE: Node 20 keeps no compiled code between starts (its compile cache is Node 22's); V8 then
 * parses and compiles the whole bundle at every start. With the cache it takes the compiled code
 * instead, about 0.1 s sooner (docs/decisions.md, "A bridge that serves sooner after a restart").
 * A cache V8 refuses (another Node, other flags) costs only that: the bundle compiles as usual.
 *
 * `--write-code-cache` (run by `npm run build:server`): compiles the bundle, runs its modules'
 * top level (no bridge starts), writes the cache and exits.
 */
const bundle = join(dirname(fileURLToPath(import.meta.url)), 'bridge.cjs');
const cacheFile = `${bundle}.cache`;
const writing = process.argv.includes('--write-code-cache');

let cachedData: Buffer | undefined;
if (!writing) {
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache: the bundle compiles as usual.
  }
}
// NOTE: the wrapper on a line of its own and `lineOffset: -1`: stack traces keep the bundle's own
// line numbers, which its source map (beside it) translates.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {\n${readFileSync(bundle, 'utf8')}\n})`,
  { filename: bundle, lineOffset: -1, cachedData },
);
const mod: { exports: Record<string, unknown> } = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void).call(
  mod.exports,
  mod.exports,
  createRequire(bundle),
  mod,
  bundle,
  dirname(bundle),
);

if (writing) {
  writeFileSync(cacheFile, script.createCachedData());
  process.exit(0);
}
(mod.exports.runBridge as () => Promise<void>)().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
