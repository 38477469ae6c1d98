import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_ROUTES } from '../../server/gateway/upstreamRoutes';
import { createSimulator } from '../../simulator/createSimulator';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Upstream paths the browser reaches another way, or aliases of listed ones; and the bridge's own
 * reads with its identity, which no screen may make (`Contact/GetContactAccess`: server/rights).
 */
const NOT_PASSED_THROUGH = new Set([
  'GET /Contact/GetContactAccess',
  'POST /Login/AuthLogon',
  'POST /LogOff',
  'POST /Login/LogOff',
  'POST /MASAPI/APIRequest',
  'GET /api/quick-panel/data',
]);
const isAlias = (method: string, path: string) =>
  UPSTREAM_ROUTES.some(
    (r) => r.method === method && r.path.toLowerCase().endsWith(path.slice(1).toLowerCase()),
  );

describe('the allowlist of upstream calls', () => {
  it('names each call once', () => {
    const keys = UPSTREAM_ROUTES.map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reaches every call the simulator answers', () => {
    const sim = createSimulator({
      generator: false,
      agencies: 3,
      sitesPerAgency: 5,
      historyDays: 1,
      historyPerAgencyPerDay: 10,
    });
    try {
      const missing = sim.routes
        .map((r) => ({ method: r.method, path: r.path }))
        .filter((r) => !NOT_PASSED_THROUGH.has(`${r.method} ${r.path}`))
        .filter(
          (r) =>
            !UPSTREAM_ROUTES.some(
              (a) => a.method === r.method && `/${a.path}`.toLowerCase() === r.path.toLowerCase(),
            ),
        )
        .filter((r) => !isAlias(r.method, r.path));
      expect(missing).toEqual([]);
    } finally {
      sim.close();
    }
  });

  it('is listed in docs/api.md', () => {
    // Table cells are padded by the formatter: compare with single spaces.
    const doc = readFileSync(resolve(root, 'docs/api.md'), 'utf8').replace(/ {2,}/g, ' ');
    const unlisted = UPSTREAM_ROUTES.filter((r) => !doc.includes(`| ${r.method} | \`/api/${r.path}\` |`)).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(unlisted, 'add these rows to the pass-through table of docs/api.md').toEqual([]);
  });
});
