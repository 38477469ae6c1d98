import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { metricsOfPromQl, ruleExpressions, dashboardExpressions } from '../support/promQlNames';
import { startSim, startTestBridge, type Simulator } from '../support/stack';

/*
 * The operator's kit names only metrics a bridge exports: every PromQL expression of the alert
 * rules and of the dashboard is read against a live /metrics of a real bridge (with its identity,
 * as a center runs it).
 */

const RULES = 'ops/prometheus/alerts.yml';
const DASHBOARD = 'ops/grafana/bridge-dashboard.json';

/** The series names a /metrics text exports: every TYPE line, a histogram with its _bucket, _sum and _count. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = m;
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

describe("the operator's kit against a live /metrics", () => {
  let sim: Simulator;
  let bridge: Bridge;
  let exported: Set<string>;

  beforeAll(async () => {
    sim = await startSim();
    bridge = await startTestBridge(sim.url, {
      BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
      BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
    });
    // The operator's scrape: from this machine, straight to the bridge's port (opsAccess.ts).
    const res = await fetch(`${bridge.url}/metrics`);
    expect(res.status).toBe(200);
    exported = exportedNames(await res.text());
  });
  afterAll(async () => {
    await bridge?.close();
    await sim?.close();
  });

  it('every alert rule names only metrics the bridge exports', () => {
    const exprs = ruleExpressions(readFileSync(RULES, 'utf8'));
    expect(exprs.length).toBeGreaterThanOrEqual(9);
    const missing = exprs.flatMap((e) => metricsOfPromQl(e).filter((n) => !exported.has(n)));
    expect(missing).toEqual([]);
  });

  it('every dashboard panel and variable names only metrics the bridge exports', () => {
    const exprs = dashboardExpressions(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
    expect(exprs.length).toBeGreaterThan(20);
    const missing = exprs.flatMap((e) => metricsOfPromQl(e).filter((n) => !exported.has(n)));
    expect(missing).toEqual([]);
  });
});
