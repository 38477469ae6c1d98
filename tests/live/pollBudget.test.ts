import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { FeedRef } from '../../shared/live/protocol';
import { startCountedSimulator, type CountedSimulator } from '../support/countedSimulator';
import { spawnBridge, type BridgeProcess } from '../support/processes';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { freshAccount, sameAsTruth, signIn, simPost, truth } from '../support/stack';

const hasRedis = await redisReachable();
const prefix = `test:pollBudget:${randomUUID().slice(0, 8)}:`;
const BUDGET = 10;

describe.skipIf(!hasRedis)('one upstream request budget for two bridges', () => {
  let counted: CountedSimulator;
  const bridges: BridgeProcess[] = [];
  const screens: Screen[] = [];

  beforeAll(async () => {
    counted = await startCountedSimulator();
    // Two bridge processes, as deployed: their requests reach the simulator as the upstream's would.
    const env = {
      UPSTREAM_URL: counted.sim.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      UPSTREAM_BUDGET_RPS: String(BUDGET),
      POLL_MS: '2000',
      FEED_GRACE_MS: '1000',
      // Every agency's feeds polled whether or not a screen watches: more demand than the budget.
      BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
      BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
      ALWAYS_ON_AGENCIES: 'all',
    };
    bridges.push(await spawnBridge(env), await spawnBridge(env));
  }, 60_000);

  afterAll(async () => {
    for (const s of screens) s.close();
    for (const b of bridges) await b.kill('SIGTERM');
    await counted?.sim.close();
    await cleanPrefix(prefix);
  });

  it('screens of several agencies on both bridges: no second holds more feed requests than the budget, and alarms still arrive', async () => {
    const { sim } = counted;
    const owner = await signIn(bridges[0].url, 'owner', 'owner123');
    const multi = await signIn(bridges[0].url, 'multi', 'multi123');
    const watched: { cookie: string; refs: FeedRef[] }[] = [
      { cookie: owner.cookie, refs: [owner.profile.agencyId].flatMap(bothFeeds) },
      { cookie: multi.cookie, refs: [...visibleAgencies(multi.profile as never)].flatMap(bothFeeds) },
    ];
    expect(new Set(watched.flatMap((w) => w.refs.map((r) => r.agencyId))).size).toBeGreaterThan(1);
    for (const b of bridges)
      for (const w of watched) {
        const s = connectScreen(b.url, w.cookie);
        screens.push(s);
        await s.connected();
        for (const ref of w.refs) expect((await s.subscribe(ref)).ok).toBe(true);
      }
    await waitFor(
      'snapshots everywhere',
      () => screens.every((s, i) => watched[i % 2].refs.every((r) => s.cursor(r) !== null)),
      30_000,
    );
    // Each bridge shows the interval of each feed it polls; together they poll every feed.
    await waitFor('intervals in /metrics', async () => {
      const n = await Promise.all(bridges.map((b) => metricCount(b.url, /^bridge_feed_interval_seconds\{/)));
      return n[0] + n[1] >= 2 * sim.world.agencies.length;
    });

    const from = Math.ceil(Date.now() / 1000) * 1000;
    const agencyId = owner.profile.agencyId;
    const cs = await freshAccount(sim, agencyId);
    await simPost(sim, '/_sim/signals', { csNo: cs, eventId: 'B' });
    const alarms = { feed: 'alarms' as const, agencyId };
    await waitFor(
      'the alarm on every screen of its agency',
      async () => {
        const t = await truth(sim, agencyId, 'alarms');
        return screens
          .filter((s, i) => watched[i % 2].refs.some((r) => r.agencyId === agencyId))
          .every((s) => sameAsTruth(s.rows(alarms), t));
      },
      15_000,
    );
    // Count for a while longer: the polls go on under the budget with the alarm shown.
    await new Promise((r) => setTimeout(r, Math.max(0, from + 8000 - Date.now())));
    const to = Math.floor(Date.now() / 1000) * 1000;
    const perSecond = await counted.perSecond(from, to);
    const busiest = await counted.busiestSecond(from, to);
    console.log(
      `feed requests per second at the simulator (budget ${BUDGET}): ${perSecond.join(' ')}; busiest sliding second ${busiest}`,
    );
    expect(perSecond.length).toBeGreaterThanOrEqual(7);
    for (const n of perSecond) expect(n).toBeLessThanOrEqual(BUDGET);
    expect(busiest).toBeLessThanOrEqual(BUDGET);
    for (const s of screens) expect(s.stats.gaps).toBe(0);
    // Screens are told each feed's interval with its freshness: between the floor and POLL_MS.
    const told = screens.flatMap((s) => s.stats.statuses.map((m) => m.intervalMs)).filter((ms) => ms != null);
    expect(told.length).toBeGreaterThan(0);
    for (const ms of told) expect(ms).toBeGreaterThanOrEqual(250);
  }, 90_000);
});

function bothFeeds(agencyId: string): FeedRef[] {
  return [
    { feed: 'alarms', agencyId },
    { feed: 'events', agencyId },
  ];
}

/** How many lines of /metrics match: one per feed for a labelled gauge. */
async function metricCount(url: string, line: RegExp): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text.split('\n').filter((l) => line.test(l)).length;
}
