import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The layering, enforced (docs/decisions.md, "Server structure"; /work/shared/STYLE.md):
 * - the client never imports the server; shared/ imports neither client, server nor machines;
 *   machines use no React, DOM or timers (XState delays instead);
 * - client/src: lib < components < reporting < features < app. A layer imports only the layers
 *   below it (and itself); a feature never imports another feature;
 * - server: ranks of top folders (SERVER_RANK_LIST below, lowest first): a folder imports itself
 *   and the folders of lower ranks, never one of its own rank or above, so no two folders import
 *   each other (0 folder loops). The ground (support, observability), then sessions, settings and
 *   the audit; upstream; rights; feeds, http and jobs; identity and live; the parts a user
 *   reaches; what acts; what builds on those; the composition root (app); the entry points.
 * - simulator/ (beside server/) is the upstream's stand-in: it imports only shared/ and itself
 *   (its tests also tests/), and only server/app/startAll.ts (where the embedded default starts),
 *   tests/ and bench/ import it: not the rest of server/, nor client/, machines/, shared/ or a
 *   file at the root.
 * Written as `no-restricted-imports` patterns on the import text (every import here is relative,
 * so a pattern counts the `../` that reach a folder, for each depth of the importing file), and
 * the same patterns as `no-restricted-syntax` selectors for `import()`, which
 * `no-restricted-imports` does not see. tests/static/layering.test.ts proves each rule.
 */
const DEPTHS = [1, 2, 3, 4, 5, 6];
const refuse = (regex, message) => ({ regex, message });
/** Imports from a file `depth` folders below a base that reach one of `names` in that base. */
const reaching = (depth, names) => `^(\\.\\./){${depth}}(${names.join('|')})(/|$)`;
const below = (depth) => '*/'.repeat(depth - 1);
const dirsOf = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const CLIENT_NO_SERVER = refuse(
  '^(\\.\\./)+(server|simulator)/',
  'The client talks to the bridge over HTTP and the socket only: it imports neither server/ nor simulator/.',
);
const SHARED_ALONE = refuse(
  '^(\\.\\./)+(client|server|machines|simulator)/',
  'shared/ is imported by the client, the server, the machines and the simulator, and imports none of them.',
);
const SIMULATOR = 'simulator';
const NO_SIMULATOR_MESSAGE =
  'Only server/app/startAll.ts imports the simulator, where the embedded default starts (tests and bench may).';
/** Imports that reach the top-level simulator/ from anywhere below the root (or, with `./`, from the root). */
const NO_SIMULATOR = refuse(`^(\\./|(\\.\\./)+)${SIMULATOR}(/|$)`, NO_SIMULATOR_MESSAGE);
const MACHINES_NO_REACT = [
  { name: 'react', message: 'Machines are pure: React reads them through @xstate/react.' },
  { name: 'react-dom', message: 'Machines are pure: no DOM.' },
  { name: '@xstate/react', message: 'Machines are pure: React reads them, not the other way.' },
];
const TIMERS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame'].map(
  (name) => ({ name, message: 'Machines use XState delays (`after`, `delays`), not timers.' }),
);
const DOM = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'].map((name) => ({
  name,
  message: 'Machines are pure: effects come in as actors.',
}));

/**
 * `import()` with a literal (or template) source matching a pattern. esquery's regex literal
 * cannot hold a `/`, so slashes are written as \x2F.
 */
const dynamicImports = (patterns) =>
  patterns.flatMap(({ regex, message }) => {
    const re = `/${regex.replaceAll('/', '\\x2F')}/`;
    return [
      { selector: `ImportExpression[source.value=${re}]`, message },
      { selector: `ImportExpression[source.quasis.0.value.cooked=${re}]`, message },
    ];
  });

/**
 * One block per kind of file: the patterns it must not import, statically or dynamically. A later
 * block replaces an earlier one's options for the files both match, so each block carries every
 * pattern its files need.
 */
const imports = (files, patterns, extra = {}) => ({
  files,
  ...extra,
  // NOTE: 'off' when nothing is refused: a severity alone would keep an earlier block's options.
  rules:
    patterns.length === 0
      ? { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' }
      : {
          'no-restricted-imports': ['error', { patterns }],
          'no-restricted-syntax': ['error', ...dynamicImports(patterns)],
        },
});

/* ---- client/src ---- */

const CLIENT_LAYERS = ['lib', 'components', 'reporting', 'features', 'app'];
const clientLayerBlocks = ['lib', 'components', 'reporting'].flatMap((layer) => {
  const above = CLIENT_LAYERS.slice(CLIENT_LAYERS.indexOf(layer) + 1);
  return DEPTHS.map((depth) =>
    imports(
      [`client/src/${layer}/${below(depth)}*.{ts,tsx}`],
      [
        CLIENT_NO_SERVER,
        refuse(
          reaching(depth, above),
          `client/src/${layer}/ imports only ${CLIENT_LAYERS.slice(0, CLIENT_LAYERS.indexOf(layer)).join(', ') || 'itself'} (lib < components < reporting < features < app): move the code down or pass it in.`,
        ),
      ],
    ),
  );
});

/** For each feature and each folder depth inside it: imports that reach another feature or the app. */
const featureBlocks = dirsOf('client/src/features').flatMap((feature) =>
  DEPTHS.map((depth) =>
    imports(
      [`client/src/features/${feature}/${below(depth)}*.{ts,tsx}`],
      [
        CLIENT_NO_SERVER,
        refuse(
          `^(\\.\\./){${depth}}(?!${feature}/|\\.\\./)[^./][^/]*(/|$)|^(\\.\\./){${depth + 1}}features/(?!${feature}/)`,
          'A feature never imports another feature: move what both need to components/, lib/ or reporting/.',
        ),
        refuse(
          reaching(depth + 1, ['app']),
          'A feature never imports the app: the app composes features, not the other way.',
        ),
      ],
    ),
  ),
);

/* ---- server ---- */

/**
 * The bridge's ranks, lowest first. A file imports its own folder and the folders of lower ranks
 * only: never a folder of its own rank or above, so no two folders import each other. A folder
 * not listed here fails the lint until it is given a rank. Root files are listed by import name.
 */
const SERVER_RANK_LIST = [
  ['support', 'observability'], // the ground: timers, deadlines, shared reads, logs and metrics
  ['session', 'config', 'audit'], // sessions (and their hooks), the bridge's settings, the audit log
  ['upstream'], // the typed client of the monitoring-center API
  ['rights'], // readings of a login record, current rights, the rights sweep
  ['feeds', 'http', 'jobs'], // pollers and stores; the session guard, error answers, rate limits; jobs
  ['identity', 'live'], // the bridge's own upstream identity; the live namespace and its socket kinds
  ['gateway', 'recordings', 'walls', 'push', 'anomalies'], // the parts a user reaches
  ['actions', 'schedules'], // what acts through the gateway, and on a schedule
  ['reminders', 'unattended', 'upstreamCheck'], // what builds on those
  ['app'], // the composition root
  ['main', 'dev', 'bundleLoader'], // the entry points
];
const SERVER_RANKS = Object.fromEntries(
  SERVER_RANK_LIST.flatMap((names, rank) => names.map((n) => [n, rank])),
);
const ROOT_FILES = ['main', 'dev', 'bundleLoader'];
const unranked = dirsOf('server').filter((d) => !(d in SERVER_RANKS));
if (unranked.length)
  throw new Error(`eslint.config.js: give server/${unranked.join(', server/')} a rank in SERVER_RANK_LIST`);
/** The import text that climbs from a file `depth` folders below server/ back to server/. */
const toServer = (depth) => (depth === 0 ? '\\./' : `(\\.\\./){${depth}}`);
const LAYERS_MESSAGE =
  'The bridge imports downward only (eslint.config.js, SERVER_RANK_LIST): a folder imports itself and lower ranks, never its own rank or above. Take what you need as a parameter, or move it down.';
/** What a file of `folder` may not import: any server/ name but its own folder and those of lower ranks. */
const upward = (folder, depth) => {
  const rank = SERVER_RANKS[folder];
  const allowed = [folder, ...Object.keys(SERVER_RANKS).filter((n) => SERVER_RANKS[n] < rank)];
  return [refuse(`^${toServer(depth)}(?!(${allowed.join('|')})(/|$|\\.ts$))[^./]`, LAYERS_MESSAGE)];
};
/** The simulator, reached from a file `depth` folders below server/ (one more `../` than server/). */
const noSimulator = (depth) => refuse(`^(\\.\\./){${depth + 1}}${SIMULATOR}(/|$)`, NO_SIMULATOR_MESSAGE);
const serverFolder = (folder) =>
  DEPTHS.map((depth) =>
    imports([`server/${folder}/${below(depth)}*.ts`], [...upward(folder, depth), noSimulator(depth)]),
  );

const serverBlocks = [
  ...Object.keys(SERVER_RANKS)
    .filter((name) => !ROOT_FILES.includes(name))
    .flatMap((folder) => serverFolder(folder)),
  ...ROOT_FILES.map((file) => imports([`server/${file}.ts`], [...upward(file, 0), noSimulator(0)])),
  // Where the embedded simulator starts: the one bridge file that may import it.
  imports(['server/app/startAll.ts'], upward('app', 1)),
];
const SIMULATOR_ALONE =
  'simulator/ stands in for the upstream: it imports only shared/ and itself, never server/, client/ or machines/.';
/** From a file `depth` folders below simulator/, `depth` times `../` reaches the root: only shared/ there. */
const simulatorBlocks = DEPTHS.flatMap((depth) => [
  imports(
    [`${SIMULATOR}/${below(depth)}*.ts`],
    [refuse(`^(\\.\\./){${depth}}(?!shared/)`, SIMULATOR_ALONE)],
    { ignores: ['**/*.test.ts'] },
  ),
  // Its tests may use the tests' own helpers too.
  imports(
    [`${SIMULATOR}/${below(depth)}*.test.ts`],
    [refuse(`^(\\.\\./){${depth}}(?!shared/|tests/)`, SIMULATOR_ALONE)],
  ),
]);

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'build', 'coverage', 'recordings', 'tmp', 'bench/results'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The hooks rules and the React Compiler's checks, all as errors: CI allows no warning.
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs['recommended-latest'].rules).map((rule) => [rule, 'error']),
    ),
  },
  imports(['client/**/*.{ts,tsx}'], [CLIENT_NO_SERVER]),
  ...clientLayerBlocks,
  ...featureBlocks,
  imports(['shared/**/*.ts'], [SHARED_ALONE]),
  // The files at the root (vite.config.ts, ...) and the machines' tests.
  imports(['*.{ts,js,mjs}', 'machines/**/*.test.ts'], [NO_SIMULATOR]),
  {
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: MACHINES_NO_REACT,
          patterns: [refuse('^react-dom/', 'Machines are pure: no DOM.'), NO_SIMULATOR],
        },
      ],
      'no-restricted-syntax': ['error', ...dynamicImports([NO_SIMULATOR])],
      'no-restricted-globals': ['error', ...TIMERS, ...DOM],
    },
  },
  ...serverBlocks,
  ...simulatorBlocks,
);
