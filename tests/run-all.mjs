// Runs every test with vitest and closes with the line CI reads: "N passed, N failed, N skipped".
// The browser tests (one worker: one build, one stack and one Chromium) and the rest (node and
// client) run as two vitest processes side by side: vitest gives one worker per core less one, so
// on two cores a single run took every file in turn and left a core idle while tests waited on
// timers. The fault soak runs on its own after the rest: it kills and restarts processes on a
// timeline, and other tests competing for the two cores would only measure the machine.
//
// The summary before that line names every skipped test and why (the skip condition written in
// its file), and says which services this machine offers. vitest's JSON report marks the tests of
// a suite whose setup (beforeAll) failed "skipped" like declared skips; tests/declaredSkips.mjs
// lists the declared ones, and any other skipped test counts as failed, as does a file that
// failed to load. With CI_NO_SKIPS=1 (.ci/run) every
// skipped test counts as failed too: CI provides every service, so a skip means something broke.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const noSkips = process.env.CI_NO_SKIPS === '1';

// The browser and start-up tests serve the built client: build it once, for production, first.
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

const totals = { passed: 0, failed: build.status === 0 ? 0 : 1, skipped: 0 };
/** Lines of the summary: skipped tests with their reason, and failures vitest counts as skips. */
const skippedLines = [];
const failedLines = build.status === 0 ? [] : ['the client build (vite build) failed'];

/**
 * The skip marker written just before a title in a test file: `describe.skipIf(cond)('title'`,
 * `it.runIf(cond)(...)`, `it.skip('title'`, `it.todo('title'`. Null when the title has none.
 */
function markerBefore(src, quoteAt) {
  let j = quoteAt - 1;
  while (j >= 0 && /\s/.test(src[j])) j--;
  if (src[j] !== '(') return null;
  j--;
  while (j >= 0 && /\s/.test(src[j])) j--;
  if (src[j] === ')') {
    const end = j;
    let depth = 1;
    j--;
    while (j >= 0 && depth > 0) {
      if (src[j] === ')') depth++;
      else if (src[j] === '(') depth--;
      j--;
    }
    const m = /\.(skipIf|runIf)$/.exec(src.slice(Math.max(0, j - 20), j + 1));
    if (!m) return null;
    const cond = src
      .slice(j + 2, end)
      .replace(/\s+/g, ' ')
      .trim();
    return m[1] === 'skipIf' ? `skipIf(${cond})` : `runIf(${cond}) was false`;
  }
  const m = /\.(skip|todo)$/.exec(src.slice(Math.max(0, j - 20), j + 1));
  return m ? (m[1] === 'skip' ? 'marked .skip' : 'todo') : null;
}

/** Why a test was skipped, from its file: the marker on its own title or its nearest suite's. */
function skipReason(file, titles) {
  let src = '';
  try {
    src = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  for (const title of [...titles].reverse()) {
    for (const q of ["'", '"', '`']) {
      const needle = `${q}${title.replace(/'/g, q === "'" ? "\\'" : "'")}${q}`;
      for (let at = src.indexOf(needle); at >= 0; at = src.indexOf(needle, at + 1)) {
        const reason = markerBefore(src, at);
        if (reason) return reason;
      }
    }
  }
  return null;
}

/**
 * Spawns vitest with these arguments; resolves with its exit status and its output once it has
 * ended. Unbuffered output is passed through as it comes and kept too.
 */
function vitest(vitestArgs, env, buffered) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', ...vitestArgs], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
      },
    });
    const held = [];
    const keep = (to) => (b) => {
      held.push(b);
      if (!buffered) to.write(b);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(held).toString('utf8');
      if (buffered) process.stdout.write(output);
      resolve({ status: code ?? (signal ? 1 : 0), output });
    });
  });
}

/**
 * One vitest run of the given projects. With `buffered`, its output is held and printed whole when
 * it ends, so that two runs side by side do not interleave their lines.
 */
async function run(projectArgs, { buffered = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-'));
  const out = join(dir, 'results.json');
  const declaredOut = join(dir, 'declared-skips.json');
  const res = await vitest(
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./tests/declaredSkips.mjs',
      `--outputFile.json=${out}`,
      ...projectArgs,
      ...args,
    ],
    { VITEST_DECLARED_SKIPS: declaredOut },
    buffered,
  );
  let failed = 0;
  let declared = null;
  try {
    declared = new Set(JSON.parse(readFileSync(declaredOut, 'utf8')).map((d) => `${d.file}\n${d.fullName}`));
  } catch {
    /* no list: judged from the files' own skip markers alone */
  }
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    for (const file of report.testResults ?? []) {
      const name = relative(process.cwd(), file.name);
      const tests = file.assertionResults ?? [];
      // A test file that fails to load counts as a failure even though it ran no test.
      if (file.status === 'failed' && tests.length === 0) {
        failed += 1;
        failedLines.push(`${name}: did not load${file.message ? `: ${file.message}` : ''}`);
      }
      for (const t of tests) {
        if (t.status === 'passed') totals.passed += 1;
        else if (t.status === 'failed') {
          failed += 1;
          // Named again at the end: the last lines are what a CI excerpt shows.
          const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
          failedLines.push(`${name} > ${t.fullName}: failed${why ? `: ${why}` : ''}`);
        } else {
          const reason = skipReason(file.name, [...t.ancestorTitles, t.title]);
          const wasDeclared = declared ? declared.has(`${file.name}\n${t.fullName}`) : reason !== null;
          if (!wasDeclared && file.status === 'failed') {
            failed += 1;
            failedLines.push(`${name} > ${t.fullName}: not run, its suite's setup failed (see above)`);
          } else if (noSkips) {
            failed += 1;
            failedLines.push(`${name} > ${t.fullName}: skipped in CI (${reason ?? 'no reason stated'})`);
          } else {
            totals.skipped += 1;
            skippedLines.push(`${name} > ${t.fullName}: ${reason ?? 'no reason stated in the file'}`);
          }
        }
      }
    }
  } catch {
    failed += 1;
    failedLines.push(`vitest ${projectArgs.join(' ')} wrote no report (exit ${res.status})`);
  }
  if (res.status !== 0 && failed === 0) {
    failed = 1;
    // The error is named again at the end, as a failed test is: vitest prints it far above.
    const why = unhandledErrors(res.output).map((l) => `\n      ${l}`);
    failedLines.push(
      `vitest ${projectArgs.join(' ')} exited with ${res.status} although no test failed${why.join('')}`,
    );
  }
  totals.failed += failed;
}

/**
 * The first lines of each error vitest reports outside a test ("Unhandled Rejection", "Unhandled
 * Error"): its message, the top of its stack, and the test file and test it came during.
 */
function unhandledErrors(output) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/⎯ Unhandled (Rejection|Error) ⎯/.test(lines[i])) continue;
    const block = [];
    for (let j = i; j < lines.length && block.length < 14; j++) {
      if (j > i && /^ ?⎯{4,}|^\s*- The error was thrown/.test(lines[j])) break;
      if (lines[j].trim()) block.push(lines[j].trim().slice(0, 200));
    }
    out.push(...block);
  }
  return out.length ? out : ['(no "Unhandled" block in its output: see the lines above the summary)'];
}

/** True when something accepts a TCP connection at the URL's host and port. */
function answers(url, defaultPort) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    const socket = connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function services() {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const yes = (b) => (b ? 'yes' : 'NO');
  return [
    `Redis at ${redisUrl}: ${yes(await answers(redisUrl, 6379))}`,
    `PostgreSQL at ${pgUrl.replace(/\/\/[^@/]*@/, '//')}: ${yes(await answers(pgUrl, 5432))}`,
    `chromium: ${yes(existsSync('/usr/bin/chromium'))}`,
    `nginx: ${yes(existsSync('/usr/sbin/nginx'))}`,
    `redis-server: ${yes(spawnSync('redis-server', ['--version']).status === 0)}`,
    `pdftoppm: ${yes(spawnSync('pdftoppm', ['-v']).status === 0)}`,
  ].join('; ');
}

if (args.length) {
  await run([]); // a filter was given: one run of whatever it selects
} else {
  await Promise.all([
    run(['--project', 'node', '--project', 'client*']),
    run(['--project', 'browser'], { buffered: true }),
  ]);
  await run(['--project', 'soak']);
}

console.log('');
console.log(`Services on this machine: ${await services()}`);
if (skippedLines.length) {
  console.log(`Skipped (${skippedLines.length}):`);
  for (const l of skippedLines) console.log(`  - ${l}`);
}
if (failedLines.length) {
  console.log(`Failed (${failedLines.length}):`);
  for (const l of failedLines) console.log(`  - ${l}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
