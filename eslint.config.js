import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The layering, enforced (docs/decisions.md, "Server structure"): the client never imports the
 * server; shared/ imports neither client, server nor machines; machines use no React, DOM or
 * timers (XState delays instead); a client feature never imports another feature; no server
 * module imports the composition root server/app/ (the process entry points do).
 * Written as `no-restricted-imports` patterns on the import text: every import here is relative.
 */
const up = '^(\\.\\./)+';
const refuse = (regex, message) => ({ regex, message });

const CLIENT_NO_SERVER = refuse(
  `${up}server/`,
  'The client talks to the bridge over HTTP and the socket only.',
);
const SHARED_ALONE = refuse(
  `${up}(client|server|machines)/`,
  'shared/ is imported by the client, the server and the machines, and imports none of them.',
);
const NO_COMPOSITION_ROOT = refuse(
  `${up}app/`,
  'Only server/app/ builds the parts: take what you need as a parameter instead.',
);
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

/** For each feature and each folder depth inside it: imports that reach another feature. */
const FEATURES = readdirSync('client/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = FEATURES.flatMap((feature) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`client/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CLIENT_NO_SERVER,
            refuse(
              `^(\\.\\./){${depth}}(?!${feature}/|\\.\\./)[^./][^/]*(/|$)|^(\\.\\./){${depth + 1}}features/(?!${feature}/)`,
              'A feature never imports another feature: move what both need to components/, lib/ or reporting/.',
            ),
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'build', 'coverage', 'recordings', 'tmp', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CLIENT_NO_SERVER] }] },
  },
  ...featureBoundaries,
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_ALONE] }] },
  },
  {
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: MACHINES_NO_REACT,
          patterns: [refuse('^react-dom/', 'Machines are pure: no DOM.')],
        },
      ],
      'no-restricted-globals': ['error', ...TIMERS, ...DOM],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/app/**', 'server/main.ts', 'server/dev.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_COMPOSITION_ROOT] }] },
  },
);
