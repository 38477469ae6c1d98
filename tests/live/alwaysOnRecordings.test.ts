import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAll, type Running } from '../../server/app/startAll';
import { loadConfig } from '../../server/config/bridgeConfig';
import { createLogger } from '../../server/observability/logger';
import { parseRecordingName, readRecording } from '../../server/recordings/recordingFormat';

/** How long the product runs before the recordings are read. */
const RUN_MS = 60_000;

let running: Running | null = null;
const dir = mkdtempSync(join(tmpdir(), 'always-on-recordings-'));
afterAll(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded default records every minute', () => {
  it(
    'starts the product with no screen open and finds recordings of every always-on agency after a minute',
    async () => {
      // `npm start` as it is by default (no UPSTREAM_URL: the embedded simulator, its service
      // user as the bridge identity, every agency always on and recorded), on free ports.
      const env = {
        PORT: '0',
        HOST: '127.0.0.1',
        SIM_PORT: '0',
        SIM_AGENCIES: '3',
        SIM_SITES_PER_AGENCY: '40',
        SIM_SIGNAL_RATE: '30',
        RECORDINGS_DIR: dir,
        AUDIT_FILE: join(dir, 'audit.log'),
        LOG_LEVEL: 'silent',
      };
      const started = Date.now();
      running = await startAll(loadConfig(env), createLogger('silent'), env);
      expect(running.banner().join('\n')).toMatch(/Always on \(polled with no screen open\): all, as bridge/);
      const agencies = running.bridge.url ? await alwaysOnAgencies(running.bridge.url) : [];
      expect(agencies.length).toBe(3);

      await new Promise((r) => setTimeout(r, RUN_MS));
      const until = Date.now();
      await new Promise((r) => setTimeout(r, 1300)); // the recorder flushes every second

      const files = readdirSync(dir).filter((f) => parseRecordingName(f));
      for (const agencyId of agencies)
        for (const feed of ['alarms', 'events']) {
          const mine = files.filter((f) => f.startsWith(`${agencyId}_${feed}_`));
          expect(mine, `${agencyId} ${feed}`).toHaveLength(1);
          const lines = await readRecording(join(dir, mine[0]));
          // Whole from the first seconds of the run ...
          expect(lines[0].kind).toBe('full');
          expect(lines[0].t - started).toBeLessThan(10_000);
          if (feed === 'events') {
            // ... and new events to its last seconds: every minute of the run is in it.
            const last = lines.at(-1)!;
            expect(last.kind).toBe('delta');
            expect(until - last.t).toBeLessThan(15_000);
            expect(lines.length).toBeGreaterThan(5);
          }
        }
      // No screen was ever open.
      const screens = await fetch(`${running.bridge.url}/metrics`).then((r) => r.text());
      expect(screens).toMatch(/^bridge_connected_screens 0$/m);
    },
    RUN_MS + 60_000,
  );
});

async function alwaysOnAgencies(url: string): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const body = (await (await fetch(`${url}/healthz/identity`)).json()) as { alwaysOn?: string[] };
    const ids = new Set((body.alwaysOn ?? []).map((k) => k.slice(k.indexOf(':') + 1)));
    if (ids.size > 0) return [...ids];
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}
