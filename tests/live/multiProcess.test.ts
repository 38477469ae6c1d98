import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { metricValue, spawnBridge, type BridgeProcess } from '../support/processes';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import {
  freshAccount,
  sameAsTruth,
  signIn,
  simPost,
  startSim,
  truth,
  type Simulator,
} from '../support/stack';

const hasRedis = await redisReachable();
const prefix = `test:${randomUUID().slice(0, 8)}:`;

describe.skipIf(!hasRedis)('two bridge processes sharing Redis', () => {
  let sim: Simulator;
  const bridges: BridgeProcess[] = [];
  const screens: Screen[] = [];
  const onBridge = new Map<Screen, BridgeProcess>();

  beforeAll(async () => {
    sim = await startSim();
    const env = {
      UPSTREAM_URL: sim.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      POLL_MS: '250',
      FEED_GRACE_MS: '1000',
    };
    bridges.push(await spawnBridge(env), await spawnBridge(env));
  }, 90_000);

  afterAll(async () => {
    for (const s of screens) s.close();
    for (const b of bridges) await b.kill('SIGTERM');
    await sim?.close();
    await cleanPrefix(prefix);
  });

  it('the poller dies; the other bridge takes the lease; every screen ends equal to the truth with nothing lost or doubled', async () => {
    // A session made on one bridge is valid on the other (shared session store).
    const { cookie, profile } = await signIn(bridges[0].url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    const refs = [
      { feed: 'alarms' as const, agencyId },
      { feed: 'events' as const, agencyId },
    ];
    for (const b of bridges) {
      for (let i = 0; i < 3; i++) {
        const s = connectScreen(b.url, cookie);
        screens.push(s);
        onBridge.set(s, b);
        await s.connected();
        for (const ref of refs) expect((await s.subscribe(ref)).ok).toBe(true);
      }
    }
    await waitFor(
      'snapshots everywhere',
      () => screens.every((s) => refs.every((r) => s.cursor(r) !== null)),
      20_000,
    );

    // Exactly one process polls each feed.
    await waitFor('one poller', async () => {
      const counts = await Promise.all(
        bridges.map((b) => metricValue(b.url, /^bridge_feeds\{feed="alarms"\}/)),
      );
      return counts.reduce((a, b) => a + b, 0) === 1;
    });
    const counts = await Promise.all(
      bridges.map((b) => metricValue(b.url, /^bridge_feeds\{feed="alarms"\}/)),
    );
    const pollerIndex = counts.indexOf(1);
    const poller = bridges[pollerIndex];
    const survivor = bridges[1 - pollerIndex];

    const cs = await freshAccount(sim, agencyId);
    await simPost(sim, '/_sim/signals', { csNo: cs, eventId: 'B' });
    await waitFor(
      'first alarm everywhere',
      async () => {
        const t = await truth(sim, agencyId, 'alarms');
        return screens.every((s) => sameAsTruth(s.rows(refs[0]), t));
      },
      10_000,
    );

    await poller.kill('SIGKILL');
    const orphans = screens.filter((s) => onBridge.get(s) === poller);
    const living = screens.filter((s) => !orphans.includes(s));
    for (let i = 0; i < 3; i++)
      await simPost(sim, '/_sim/signals', { csNo: cs, eventId: i === 1 ? 'F' : 'O' });

    // Screens of the dead bridge reconnect to the survivor and resume from their cursors.
    const moved: Screen[] = [];
    for (const old of orphans) {
      const s = connectScreen(survivor.url, cookie, { carryFrom: old });
      moved.push(s);
      screens.push(s);
      await s.connected();
      for (const ref of refs) expect((await s.resume(ref)).ok).toBe(true);
    }
    await waitFor(
      'the survivor polls',
      async () => (await metricValue(survivor.url, /^bridge_feeds\{feed="alarms"\}/)) === 1,
      15_000,
    );
    await waitFor(
      'every screen equal to the truth',
      async () => {
        const [ta, te] = await Promise.all([truth(sim, agencyId, 'alarms'), truth(sim, agencyId, 'events')]);
        return [...living, ...moved].every(
          (s) => sameAsTruth(s.rows(refs[0]), ta) && sameAsTruth(s.rows(refs[1]), te),
        );
      },
      20_000,
    );
    for (const s of living) expect(s.stats.duplicates).toBe(0);
    for (const s of living) expect(s.stats.gaps).toBe(0);
  });
});
