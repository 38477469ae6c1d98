import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../createSimulator';
import { startTestSimulator } from '../../tests/support/simulator/simClient';

/** The shipped client config links to pages the simulator serves, so the demo's links work. */

const config = JSON.parse(
  readFileSync(new URL('../../client/public/config.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

let sim: RunningSimulator;
beforeAll(async () => {
  ({ sim } = await startTestSimulator());
});
afterAll(() => sim.close());

describe('demo targets of the shipped config', () => {
  it.each(['marketingFormsUrl', 'dealerBillingUrl', 'investigationFormUrl'])(
    '%s is a page of the simulator (on its default port)',
    async (key) => {
      const value = config[key];
      expect(typeof value).toBe('string');
      const url = new URL(value as string);
      expect(url.origin).toBe('http://127.0.0.1:8090');
      const res = await fetch(`${sim.url}${url.pathname}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('(simulated)');
    },
  );
});
