import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_UPSTREAM } from '../../server/feeds/agencyFeed';
import { waitFor } from '../support/screen';
import { simPost } from '../support/stack';
import { startTwoDealers, type TwoDealers } from '../support/twoDealers';

/** The upstream's timeout in this test: a poll slower than this is slow. */
const TIMEOUT_MS = 1000;
let stack: TwoDealers;

beforeAll(async () => {
  stack = await startTwoDealers({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) });
});

afterAll(async () => {
  await fetch(`${stack?.sim.url}/_sim/faults`, { method: 'DELETE' }).catch(() => {});
  await stack?.close();
});

describe('a slow upstream', () => {
  it('shows the feed stale within one upstream timeout, and fresh again when it answers', async () => {
    const { owner } = stack;
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const s = stack.screen(owner.cookie);
    await s.connected();
    await s.subscribe(ref);
    await waitFor('snapshot', () => s.cursor(ref) !== null);
    const slowFrom = Date.now();
    await simPost(stack.sim, '/_sim/faults', {
      path: '/AlarmBuffer/GetEventLogsLiveAlarm_Dev',
      latencyMs: 20_000,
    });
    await waitFor('stale', () => s.stats.statuses.some((m) => m.feed === 'alarms' && m.stale), 10_000);
    const stale = s.stats.statuses.find((m) => m.feed === 'alarms' && m.stale)!;
    // One poll interval (200 ms) for the poll to start, one timeout for it to be slow, and slack
    // for a busy machine; the retries (three timeouts and their waits) would take well over 3 s.
    expect(Date.now() - slowFrom).toBeLessThan(TIMEOUT_MS + 2000);
    expect(stale.reason).toBe(SLOW_UPSTREAM);

    await fetch(`${stack.sim.url}/_sim/faults`, { method: 'DELETE' });
    await waitFor(
      'fresh again',
      () => {
        const last = [...s.stats.statuses].reverse().find((m) => m.feed === 'alarms');
        return !!last && !last.stale;
      },
      20_000,
    );
  });
});
