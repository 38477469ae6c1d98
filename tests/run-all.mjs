// Runs every test with vitest and closes with the line CI reads: "N passed, N failed, N skipped".
// The fault soak runs on its own after the rest: it kills and restarts processes on a timeline,
// and other tests competing for the two cores would only measure the machine.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);

// The browser and start-up tests serve the built client: build it once, for production, first.
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

const totals = { passed: 0, failed: build.status === 0 ? 0 : 1, skipped: 0 };

function run(projectArgs) {
  const out = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'results.json');
  const res = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...projectArgs,
      ...args,
    ],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    // A test file that fails to load counts as a failure even though it ran no test.
    for (const file of report.testResults ?? []) {
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1;
    }
  } catch {
    failed += 1;
  }
  if (res.status !== 0 && failed === 0) failed = 1;
  totals.failed += failed;
}

if (args.length) {
  run([]); // a filter was given: one run of whatever it selects
} else {
  run(['--project', 'node', '--project', 'client', '--project', 'browser']);
  run(['--project', 'soak']);
}

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
