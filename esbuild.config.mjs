/**
 * `npm run build:server`: the bridge and the simulator as prebuilt bundles.
 *
 * - build/server/bridge.cjs: the bridge with its pure-JS dependencies, one CommonJS file. Loaded
 *   from node_modules one file at a time (about 400 files), resolving and reading them was most
 *   of the bridge's start-up. What the first answer does not need is evaluated on first use.
 * - build/server/bridge.cjs.cache: V8's code cache of it, made here (server/bundleLoader.ts).
 * - build/server/main.mjs: what `npm start` runs, the loader that runs the bridge with its cache.
 * - build/simulator/main.mjs: the simulator, its dependencies loaded from node_modules.
 *
 * docs/decisions.md, "A bridge that serves sooner after a restart".
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

/** Loaded from node_modules as before, on first use: each is large or finds files beside its own sources. */
const BRIDGE_EXTERNAL = [
  // Scheduled jobs with Redis: sandboxed processors and msgpackr's native parts are found by path.
  'bullmq',
  // The audit log with DATABASE_URL: pg-native is an optional native module.
  'pg',
  // Scheduled Excel reports: about 2 MB of code, loaded by the first export.
  'exceljs',
  // A request body in a charset other than UTF-8: its encoding tables are 1 MB, loaded by name.
  'iconv-lite',
  // The embedded simulator's ZIP-code table (about 4 MB of data).
  'zipcodes',
];

/** `import.meta.url` of the bundled ES modules (the client's folder, the simulator's ZIP table). */
const BUNDLE_URL_BANNER = "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;";

/** Every installed copy of each package version, by `name@version`: where npm put them. */
function installedCopies(root = 'node_modules') {
  const copies = new Map();
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name.startsWith('.')) continue;
      if (e.name.startsWith('@')) {
        visit(join(dir, e.name));
        continue;
      }
      const pkgDir = join(dir, e.name);
      try {
        const { name, version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
        const key = `${name}@${version}`;
        copies.set(key, [...(copies.get(key) ?? []), resolve(pkgDir)]);
      } catch {
        // not a package
      }
      visit(join(pkgDir, 'node_modules'));
    }
  };
  visit(root);
  return copies;
}

/**
 * npm installs one version of a package several times over when hoisting cannot share it (eleven
 * copies of debug 4.4.3, two of mime-db 1.52.0 here): the bundle carries each version once, the
 * copy nearest the top. The code is the same byte for byte, so nothing changes but the parsing.
 */
function oneCopyPerVersion() {
  const canonical = new Map();
  for (const dirs of installedCopies().values()) {
    if (dirs.length < 2) continue;
    const sorted = [...dirs].sort((a, b) => a.split(sep).length - b.split(sep).length || a.localeCompare(b));
    for (const d of sorted.slice(1)) canonical.set(d, sorted[0]);
  }
  const rootOf = (path) => {
    const i = path.lastIndexOf(`${sep}node_modules${sep}`);
    if (i < 0) return null;
    const rest = path.slice(i + 14).split(sep);
    return path.slice(0, i + 14) + (rest[0].startsWith('@') ? `${rest[0]}${sep}${rest[1]}` : rest[0]);
  };
  return {
    name: 'one-copy-per-version',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'one-copy-per-version') return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'one-copy-per-version',
        });
        if (r.errors.length > 0 || r.external || r.namespace !== 'file') return undefined;
        const root = rootOf(r.path);
        const same = root && canonical.get(root);
        if (!same) return undefined;
        return { path: join(same, relative(root, r.path)), sideEffects: r.sideEffects };
      });
    },
  };
}

/**
 * zod's namespace re-exports every locale (about 350 KB); the bridge speaks English only, the
 * locale zod itself sets by default. NOTE: `z.locales` holds `en` alone in the bundle.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '..', 'locales', 'index.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  outExtension: { '.js': '.mjs' },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['server/app/runBridge.ts'],
    outfile: 'build/server/bridge.cjs',
    outExtension: undefined,
    format: 'cjs',
    external: BRIDGE_EXTERNAL,
    // NOTE: `import()` of a package left outside becomes a `require`: the loader runs the bundle
    // as a script, which has no module loader of its own for `import()`.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: BUNDLE_URL_BANNER },
    plugins: [oneCopyPerVersion(), zodEnglishOnly],
    // NOTE: names are kept (stack traces map through the map anyway); 3.7 MB became 2.4 MB, and
    // reading and loading it about 50 ms less CPU at start-up (docs/decisions.md).
    minifyWhitespace: true,
    minifySyntax: true,
    // NOTE: maps beside the files, not named in them: Node would read and parse every map at
    // load; the bridge maps its stack traces itself, on the first one (observability/mappedStacks.ts).
    sourcemap: 'external',
  }),
  // NOTE: its map beside it is also how the bridge knows it runs from the bundle (mappedStacks.ts).
  build({
    ...common,
    entryPoints: ['server/bundleLoader.ts'],
    outfile: 'build/server/main.mjs',
    outExtension: undefined,
    sourcemap: 'external',
  }),
  // The simulator stands in for the upstream in development and tests: its start-up is not timed.
  build({ ...common, entryPoints: ['simulator/main.ts'], outdir: 'build/simulator', packages: 'external' }),
]);
// The code cache of the bundle just built, made by the loader itself (the same Node and V8 flags
// as `npm start`'s): the first start after a build is as quick as the next.
execFileSync(process.execPath, ['build/server/main.mjs', '--write-code-cache'], { stdio: 'inherit' });
