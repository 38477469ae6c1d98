import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRef, StatusMessage } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { FEED_KINDS } from '../../server/feeds/feedKinds';
import { redisReachable } from '../support/redis';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { signIn, simPost } from '../support/stack';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';

const hasRedis = await redisReachable();
const ALARMS = `/${FEED_KINDS.alarms.upstreamPath}`;
const HISTORY = `/${FEED_KINDS.events.upstreamPath}`;
const HOLD_S = 4;

const bothFeeds = (agencyId: string): FeedRef[] => [
  { feed: 'alarms', agencyId },
  { feed: 'events', agencyId },
];

/**
 * A 429 or 503 with Retry-After from the upstream holds that path on every bridge for as long as
 * it says: counted where the upstream sees the requests (the simulator's own stats).
 */
describe.skipIf(!hasRedis)('an upstream that asks to wait (Retry-After), two bridges on one Redis', () => {
  let stack: TwoBridges;
  const screens: Screen[] = [];

  const stats = async () =>
    (await (await fetch(`${stack.sim.url}/_sim/stats`)).json()) as {
      byPath: Record<string, { requests: number } | undefined>;
    };
  const requests = async (path: string) => (await stats()).byPath[path]?.requests ?? 0;
  const faults = async () =>
    ((await (await fetch(`${stack.sim.url}/_sim/faults`)).json()) as { faults: unknown[] }).faults;
  const polledBy = async (url: string) =>
    (await (await fetch(`${url}/metrics`)).text())
      .split('\n')
      .filter((l) => l.startsWith('bridge_feed_interval_seconds{') && l.includes('feed="alarms"')).length;
  const alarmStatuses = (s: Screen, from: number): StatusMessage[] =>
    s.stats.statuses.slice(from).filter((m) => m.feed === 'alarms');

  beforeAll(async () => {
    stack = await startTwoBridges('retryAfter', { POLL_MS: '300', FEED_GRACE_MS: '1000' });
    // The owner's agency watched on bridge A, the multi-agency user's others on bridge B: each
    // bridge then polls active alarms of its own agencies (the first to watch takes the lease).
    const owner = await signIn(stack.a.url, 'owner', 'owner123');
    const multi = await signIn(stack.a.url, 'multi', 'multi123');
    const others = [...visibleAgencies(multi.profile as never)].filter((id) => id !== owner.profile.agencyId);
    expect(others.length).toBeGreaterThan(0);
    for (const [url, cookie, refs] of [
      [stack.a.url, owner.cookie, bothFeeds(owner.profile.agencyId)],
      [stack.b.url, multi.cookie, others.flatMap(bothFeeds)],
    ] as const) {
      const s = connectScreen(url, cookie);
      screens.push(s);
      await s.connected();
      for (const ref of refs) expect((await s.subscribe(ref)).ok).toBe(true);
      await waitFor('snapshots', () => refs.every((r) => s.cursor(r) !== null), 30_000);
    }
    await waitFor('active alarms polled on both bridges', async () => {
      const n = await Promise.all([stack.a.url, stack.b.url].map(polledBy));
      return n.every((x) => x > 0);
    });
  }, 60_000);

  afterAll(async () => {
    for (const s of screens) s.close();
    await stack?.close();
  });

  /**
   * Sets the fault, waits until a bridge met it, and follows that path at the simulator until a
   * second before the hold ends (`holdEndsAt`: by default HOLD_S after the fault was met).
   */
  async function heldFor(fault: Record<string, unknown>, holdEndsAt?: number) {
    const seen = screens.map((s) => s.stats.statuses.length);
    await simPost(stack.sim, '/_sim/faults', { path: ALARMS, count: 1, ...fault });
    await waitFor('a bridge to meet the fault', async () => (await faults()).length === 0, 15_000);
    const metAt = Date.now();
    // NOTE: a request already on its way when the answer came is no retry: counting starts a
    // moment after the fault was met.
    await new Promise((r) => setTimeout(r, 300));
    await fetch(`${stack.sim.url}/_sim/stats/reset`, { method: 'POST' });
    const countUntil = (holdEndsAt ?? metAt + HOLD_S * 1000) - 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, countUntil - Date.now())));
    const duringHold = { alarms: await requests(ALARMS), history: await requests(HISTORY) };
    await waitFor('active alarms read again', async () => (await requests(ALARMS)) > 0, 30_000);
    const resumedAt = Date.now();
    const resumedAfterMs = resumedAt - metAt;
    // Both bridges' screens fresh again.
    await waitFor(
      'every screen fresh again',
      () => screens.every((s, i) => alarmStatuses(s, seen[i]).at(-1)?.stale === false),
      30_000,
    );
    return { duringHold, resumedAfterMs, resumedAt, seen };
  }

  it('a 429 with Retry-After in seconds: no bridge asks for active alarms until it ends; history goes on; screens say why', async () => {
    const r = await heldFor({ status: 429, retryAfter: HOLD_S });
    expect(r.duringHold.alarms).toBe(0);
    expect(r.duringHold.history).toBeGreaterThan(0);
    expect(r.resumedAfterMs).toBeGreaterThanOrEqual((HOLD_S - 0.5) * 1000);
    // The screens of the bridge that met it, and of the other, were told the feed is stale, and why.
    for (const [i, s] of screens.entries()) {
      const stale = alarmStatuses(s, r.seen[i]).filter((m) => m.stale);
      expect(stale.length).toBeGreaterThan(0);
      expect(stale.some((m) => /asked the bridge to wait/.test(m.reason ?? ''))).toBe(true);
    }
  }, 90_000);

  it('a 503 with Retry-After as an HTTP-date: held as long on every bridge, not retried sooner', async () => {
    // NOTE: a date names its moment however long the fault waits to be met, and to the second:
    // the hold is judged against that moment, not against when a bridge happened to meet it.
    const until = new Date(Date.now() + (HOLD_S + 2) * 1000).toUTCString();
    const endsAt = Date.parse(until);
    const r = await heldFor({ status: 503, retryAfter: until }, endsAt);
    expect(r.duringHold.alarms).toBe(0);
    expect(r.resumedAt).toBeGreaterThanOrEqual(endsAt - 500);
  }, 90_000);
});
