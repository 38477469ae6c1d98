import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The alert rules of the operator's kit, checked and unit-tested by Prometheus's own promtool
 * (Debian's `prometheus` package; .ci/services.sh installs it). Without promtool the tests are
 * skipped on a developer's machine; under CI_NO_SKIPS (.ci/run) they run and fail instead.
 */

const hasPromtool = spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;
const mustRun = process.env.CI_NO_SKIPS === '1';

function promtool(...args: string[]) {
  const r = spawnSync('promtool', args, { cwd: 'ops/prometheus', encoding: 'utf8' });
  if (r.error) throw new Error(`promtool could not run (apt-get install prometheus): ${r.error.message}`);
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe.skipIf(!hasPromtool && !mustRun)('the alert rules (promtool)', () => {
  it('are valid Prometheus rules', () => {
    const r = promtool('check', 'rules', 'alerts.yml');
    expect(r.output).toContain('SUCCESS');
    expect(r.status, r.output).toBe(0);
  });

  it('each fire on their test series and stay quiet on the healthy ones', () => {
    const r = promtool('test', 'rules', 'alerts.test.yml');
    expect(r.status, r.output).toBe(0);
  });

  it('each have a promtool test case', () => {
    const names = (file: string, re: RegExp) =>
      new Set([...readFileSync(`ops/prometheus/${file}`, 'utf8').matchAll(re)].map((m) => m[1]));
    const rules = names('alerts.yml', /^\s*- alert: (\w+)/gm);
    expect(rules.size).toBeGreaterThanOrEqual(9);
    expect(names('alerts.test.yml', /^\s*alertname: (\w+)/gm)).toEqual(rules);
  });
});
