import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CRASH_EXIT_CODE } from './crashPolicy';

/** Runs a script that installs the crash policy with a real logger, then fails as `how` says. */
function crashWith(how: string) {
  const script = `
    import { installCrashPolicy } from './server/app/crashPolicy.ts';
    import { createLogger } from './server/observability/logger.ts';
    installCrashPolicy(createLogger('info'), async () => { console.log('closed the bridge'); });
    setInterval(() => {}, 1000); // a live process, as a bridge is
    ${how}
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('a bridge with an error no handler caught', () => {
  it('an uncaught exception is logged, the bridge closes, and the process ends for its supervisor', () => {
    const run = crashWith(`setTimeout(() => { throw new Error('a bug'); }, 10);`);
    expect(run.status).toBe(CRASH_EXIT_CODE);
    expect(run.stdout).toContain('bridge stopping after an unhandled error');
    expect(run.stdout).toContain('a bug');
    expect(run.stdout).toContain('closed the bridge');
  });

  it('an unhandled rejection ends it the same way', () => {
    const run = crashWith(`setTimeout(() => void Promise.reject(new Error('a lost promise')), 10);`);
    expect(run.status).toBe(CRASH_EXIT_CODE);
    expect(run.stdout).toContain('"kind":"unhandledRejection"');
    expect(run.stdout).toContain('closed the bridge');
  });
});
