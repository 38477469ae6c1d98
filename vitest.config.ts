import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Client test files that need a fresh module registry: they mock modules (`vi.mock` is hoisted per
 * file and would leak into files sharing the registry). The rest share one jsdom worker: setting
 * up jsdom and importing React for each file cost about six times the tests' own time.
 */
function clientFilesNeedingIsolation(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(e.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8')))
        found.push(path);
    }
  };
  walk('client/src');
  return found;
}
const ISOLATED_CLIENT_TESTS = clientFilesNeedingIsolation();
/**
 * Two bridges on a timeline whose figures sit at the edge of what the product allows a stall:
 * the shared request budget counts a 1.25 s window so that no second at the upstream holds more
 * than the budget while requests leave up to 250 ms apart from their count (the busiest second
 * reads the budget itself in a quiet run), and a push after Redis lost its data waits on the
 * bridges' polls. Beside the browser tests and the other node files on two cores, a bridge
 * stalled longer than that, and the budget test read 11 in a second of 10. Run alone, after the
 * rest, with the fault soak.
 */
const RUN_ALONE = [
  'tests/live/pollBudget.test.ts',
  'tests/live/redisRestart.test.ts',
  // The poller is SIGKILLed at a moment of the test's choosing: killed between its commit to Redis
  // and its publish, it leaves a delta no screen got, and the survivor's screens resume over the
  // gap. The product heals it; the test's bound (no gap on a screen that stayed) holds where the
  // poller is not stalled in that window, and beside two other test workers it was, once.
  'tests/live/multiProcess.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'simulator/**/*.test.ts',
            'shared/**/*.test.ts',
            'machines/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          exclude: ['tests/browser/**', 'tests/soak/**', ...RUN_ALONE, 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // NOTE: the files share their worker's modules: isolated, each of the 183 imported the
          // bridge's graph again, most of the 232 s of imports in a 966 s run (docs/decisions.md,
          // "The node tests share their worker's modules"). A file leaves no state behind: what
          // it starts it closes, its fake timers are restored, and no file mocks a module.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          exclude: [...ISOLATED_CLIENT_TESTS, 'node_modules/**'],
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client-isolated',
          environment: 'jsdom',
          include: ISOLATED_CLIENT_TESTS,
          testTimeout: 15_000,
        },
      },
      {
        // The fault soak kills and restarts processes on a timeline: run alone (tests/run-all.mjs),
        // with the tests whose timing the machine's other work would decide (RUN_ALONE).
        test: {
          name: 'soak',
          environment: 'node',
          include: ['tests/soak/**/*.test.ts', ...RUN_ALONE],
          // One file at a time: each is to run alone.
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One build, one stack and one Chromium shared by every screen test
          // (tests/browser/support/sharedScreens.ts): files run in one worker, not isolated.
          isolate: false,
        },
      },
    ],
  },
});
