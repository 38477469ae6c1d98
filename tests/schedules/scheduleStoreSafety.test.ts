import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { startSim, startTestBridge, type Simulator } from '../support/stack';
import { call, signInAs, testZonesSchedule } from './scheduleSupport';

/**
 * The schedules' store: ids named after what every JavaScript object has answer "no such
 * scheduled e-mail" (404), whichever store holds the schedules; the schedules file, which holds
 * recipients and owners' profiles, is readable by the bridge's user only.
 */

const PROTO_IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

let sim: Simulator;
let dir: string;
const bridges: Bridge[] = [];

beforeAll(async () => {
  sim = await startSim();
  dir = await mkdtemp(join(tmpdir(), 'schedule-store-'));
}, 30_000);

afterAll(async () => {
  for (const b of bridges) await b.close();
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

async function bridgeWith(env: Record<string, string>): Promise<Bridge> {
  const b = await startTestBridge(sim.url, env);
  bridges.push(b);
  return b;
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('schedule ids named after object members', () => {
  it.each([
    ['the file store', () => ({ SCHEDULES_FILE: join(dir, 'ids', 'schedules.json') })],
    ['the memory store', () => ({})],
  ])(
    'answer 404 with %s',
    async (_name, env) => {
      const b = await bridgeWith(env());
      const owner = await signInAs(b.url, 'owner', 'owner123');
      for (const id of PROTO_IDS) {
        const paused = await call(b.url, owner, 'POST', `/api/scheduledEmails/${id}/pause`, { paused: true });
        const sent = await call(b.url, owner, 'POST', `/api/scheduledEmails/${id}/send`);
        const removed = await call(b.url, owner, 'DELETE', `/api/scheduledEmails/${id}`);
        expect([paused.status, sent.status, removed.status], id).toEqual([404, 404, 404]);
        expect(paused.json?.message).toBe('No such scheduled e-mail.');
      }
      // The list still reads.
      expect((await call(b.url, owner, 'GET', '/api/scheduledEmails')).status).toBe(200);
    },
    30_000,
  );
});

describe('the schedules file', () => {
  it('is written 0600 in a folder the bridge makes 0750', async () => {
    const folder = join(dir, 'fresh', 'data');
    const file = join(folder, 'schedules.json');
    const b = await bridgeWith({ SCHEDULES_FILE: file });
    const owner = await signInAs(b.url, 'owner', 'owner123');
    const site = String(sim.world.systemsOf(owner.profile.agencyId)[0].siteNo);
    const created = await call(
      b.url,
      owner,
      'POST',
      '/api/scheduledEmails',
      testZonesSchedule(owner.profile.agencyId, site, 'modes@example.com'),
    );
    expect(created.status).toBe(201);
    expect((await modeOf(file)).toString(8)).toBe('600');
    expect((await modeOf(folder)).toString(8)).toBe('750');
  }, 30_000);

  it('left readable by everyone by an older bridge is tightened at start', async () => {
    const folder = join(dir, 'old');
    const file = join(folder, 'schedules.json');
    await mkdir(folder, { recursive: true });
    await writeFile(
      file,
      JSON.stringify({ schedules: {}, reminderPrefs: {}, ownerProfiles: {}, reminders: {} }),
    );
    await chmod(file, 0o644);
    await bridgeWith({ SCHEDULES_FILE: file });
    expect((await modeOf(file)).toString(8)).toBe('600');
  }, 30_000);
});
