import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeltaMessage, FeedRow } from '../../shared/live/protocol';
import { createLogger } from '../../server/observability/logger';
import { createPgRecordingStore } from '../../server/recordings/pgRecordingStore';
import { composeRedisArgs, startOwnRedis, type OwnRedis } from '../support/ownRedis';
import { postgresReachable, queryRows, randomTable, TEST_DATABASE_URL } from '../support/postgres';
import { metricValue, spawnBridge, type BridgeProcess } from '../support/processes';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import {
  freshAccount,
  sameAsTruth,
  signIn,
  simPost,
  startSim,
  truth,
  type Simulator,
} from '../support/stack';

const reachable = await postgresReachable();
const stem = randomTable('rec_takeover');
const reader = createPgRecordingStore({
  connectionString: TEST_DATABASE_URL,
  table: stem,
  record: [],
  keepMs: 86_400_000,
  maxBytes: 1e9,
  logger: createLogger('silent'),
});

/** What the screen held after each delta: the moment (the poll's time) and its rows. */
interface Held {
  at: number;
  rows: string;
}
const asText = (rows: Iterable<{ id: string }>) =>
  JSON.stringify([...rows].sort((a, b) => (a.id < b.id ? -1 : 1)));

describe.skipIf(!reachable)('recordings in PostgreSQL when the lease moves', () => {
  let sim: Simulator;
  let redis: OwnRedis;
  const bridges: BridgeProcess[] = [];
  const screens: Screen[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    for (const s of screens) s.close();
    for (const b of bridges) await b.kill('SIGTERM');
    await sim?.close();
    await redis?.stop();
    await reader.tables.dropAll().catch(() => undefined);
    await reader.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a SIGKILLed poller and a Redis restart leave no gap longer than the takeover, no delta twice, and replayed state equal to the screen', async () => {
    sim = await startSim();
    redis = await startOwnRedis(composeRedisArgs());
    // Two hosts: each bridge its own recordings folder; PostgreSQL is what they share.
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'dlp-rec-host-'));
      dirs.push(dir);
      return {
        UPSTREAM_URL: sim.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: 'dlp:',
        POLL_MS: '250',
        FEED_GRACE_MS: '1000',
        DATABASE_URL: TEST_DATABASE_URL,
        RECORDINGS_TABLE: stem,
        AUDIT_TABLE: `${stem}_audit`,
        RECORD_AGENCIES: 'all',
        RECORDINGS_DIR: dir,
      };
    };
    bridges.push(...(await Promise.all([spawnBridge(env()), spawnBridge(env())])));
    const { cookie, profile } = await signIn(bridges[0].url, 'owner', 'owner123');
    const ref = { feed: 'alarms' as const, agencyId: profile.agencyId };
    for (const b of bridges) {
      const s = connectScreen(b.url, cookie);
      screens.push(s);
      await s.connected();
      expect((await s.subscribe(ref)).ok).toBe(true);
    }
    let counts: number[] = [];
    await waitFor('one poller', async () => {
      counts = await Promise.all(bridges.map((b) => metricValue(b.url, /^bridge_feeds\{feed="alarms"\}/)));
      return counts.reduce((a, b) => a + b, 0) === 1;
    });
    const poller = bridges[counts.indexOf(1)];
    const watcher = screens[1 - counts.indexOf(1)];

    // The screen on the surviving bridge, recorded after each delta it applied.
    const held: Held[] = [];
    watcher.socket.on('delta', (m: DeltaMessage) => {
      if (m.feed === 'alarms')
        held.push({ at: m.at, rows: asText(watcher.rows(ref).values() as Iterable<FeedRow>) });
    });
    const alarm = async () =>
      simPost(sim, '/_sim/signals', { csNo: await freshAccount(sim, ref.agencyId), eventId: 'B' });
    const screenHasTruth = async () =>
      sameAsTruth(watcher.rows(ref), await truth(sim, ref.agencyId, 'alarms'));

    // The poller's recording has begun (its whole state is stored) before the first alarm.
    await waitFor(
      'the recording begun',
      async () => (await queryRows(`SELECT 1 FROM ${stem}_lines LIMIT 1`).catch(() => [])).length > 0,
      10_000,
    );
    await alarm();
    await waitFor('the first alarm on the screen', screenHasTruth, 10_000);
    const killedAt = Date.now();
    await poller.kill('SIGKILL');
    await alarm();
    await waitFor(
      'the alarm after the takeover',
      async () => held.some((h) => h.at > killedAt) && screenHasTruth(),
      20_000,
    );
    const tookOverBy = held.find((h) => h.at > killedAt)!.at;

    await redis.restart();
    await alarm();
    await waitFor('the alarm after the Redis restart', screenHasTruth, 20_000);
    await alarm();
    await waitFor('one more alarm', screenHasTruth, 10_000);
    const last = held[held.length - 1].at;
    await waitFor(
      'the store holds the last moment',
      async () => {
        const rows = await queryRows(`SELECT max(t) AS t FROM ${stem}_lines WHERE feed = 'alarms'`);
        return rows[0]?.t instanceof Date && rows[0].t.getTime() >= last;
      },
      10_000,
    );

    const lines = await queryRows(
      `SELECT kind, t, epoch, seq FROM ${stem}_lines WHERE agency_id = $1 AND feed = 'alarms' ORDER BY t, n`,
      [ref.agencyId],
    );
    const times = lines.map((l) => (l.t as Date).getTime());
    // No delta twice: each numbered delta of the feed is stored once.
    const numbered = lines
      .filter((l) => l.kind === 'delta')
      .map((l) => `${l.epoch as string}#${l.seq as number}`);
    expect(new Set(numbered).size).toBe(numbered.length);
    // No gap: every delta the screen got is stored at its moment, and the survivor's recording
    // starts whole between the kill and the first delta it published.
    for (const h of held) expect(times).toContain(h.at);
    expect(lines.some((l, i) => l.kind === 'full' && times[i] > killedAt && times[i] <= tookOverBy)).toBe(
      true,
    );

    // At each moment the screen recorded (before the kill, after the takeover, after the Redis
    // restart), the state replayed from the store is what the screen held.
    expect(held.length).toBeGreaterThanOrEqual(4);
    for (const h of held) {
      const [state] = await reader.range(ref.agencyId, 'alarms', h.at, h.at);
      expect(state?.kind).toBe('full');
      expect(asText(state?.kind === 'full' ? state.rows : [])).toBe(h.rows);
    }
  }, 90_000);
});
