import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { waitFor } from '../support/screen';
import { redisReachable } from '../support/redis';
import { startSim, startTestBridge, type Simulator } from '../support/stack';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';
import { call, outbox, signInAs, testZonesSchedule, type User } from './scheduleSupport';

/**
 * "Send now" is a report e-mail like the Test Zones Report's own: it counts against the user's
 * REPORT_EMAILS_PER_DAY, and it may be pressed only so often a minute per user and per agency.
 * Beyond either it answers 429 and queues nothing: the simulator's outbox gets no e-mail for it.
 */

const IDENTITY = { BRIDGE_UPSTREAM_USER: 'bridge', BRIDGE_UPSTREAM_PASSWORD: 'bridge-sim-123' };

let sim: Simulator;
const bridges: Bridge[] = [];

beforeAll(async () => {
  sim = await startSim();
}, 30_000);

afterAll(async () => {
  for (const b of bridges) await b.close();
  await sim?.close();
});

async function bridgeWith(env: Record<string, string>): Promise<Bridge> {
  const b = await startTestBridge(sim.url, { ...IDENTITY, ...env });
  bridges.push(b);
  return b;
}

/** A Test Zones Report schedule of the user's first site, to `to`. */
async function scheduleOf(base: string, user: User, to: string): Promise<string> {
  const site = String(sim.world.systemsOf(user.profile.agencyId)[0].siteNo);
  const created = await call(
    base,
    user,
    'POST',
    '/api/scheduledEmails',
    testZonesSchedule(user.profile.agencyId, site, to),
  );
  expect(created.status).toBe(201);
  return String(created.json?.id);
}

const sentTo = async (to: string, from: Simulator = sim) =>
  (await outbox(from)).filter((e) => e.toAddress.includes(to)).length;

/**
 * Waits for `n` e-mails to `to`, then for a marker: a "Send now" that `by` presses after them (of
 * a schedule of `agencyId`, to marker@example.com) has been sent. A job queued by a refused press
 * falls due at once, before the marker's, and the queue sends jobs in the order they fall due.
 */
async function settled(
  to: string,
  n: number,
  marker: { base: string; by: User; agencyId: string; sim: Simulator },
) {
  await waitFor(`${n} e-mails to ${to}`, async () => (await sentTo(to, marker.sim)) >= n, 30_000);
  const { base, by, agencyId } = marker;
  const site = String(marker.sim.world.systemsOf(agencyId)[0].siteNo);
  const created = await call(
    base,
    by,
    'POST',
    '/api/scheduledEmails',
    testZonesSchedule(agencyId, site, 'marker@example.com'),
  );
  expect(created.status).toBe(201);
  const before = await sentTo('marker@example.com', marker.sim);
  expect((await call(base, by, 'POST', `/api/scheduledEmails/${String(created.json?.id)}/send`)).status).toBe(
    202,
  );
  await waitFor(
    'the marker e-mail',
    async () => (await sentTo('marker@example.com', marker.sim)) > before,
    30_000,
  );
}

describe('"Send now"', () => {
  it("beyond the day's report e-mail cap answers 429 and sends nothing", async () => {
    const b = await bridgeWith({ REPORT_EMAILS_PER_DAY: '2', SEND_NOW_PER_MIN: '50' });
    const owner = await signInAs(b.url, 'owner', 'owner123');
    const id = await scheduleOf(b.url, owner, 'cap@example.com');
    const presses = [];
    for (let i = 0; i < 3; i++)
      presses.push(await call(b.url, owner, 'POST', `/api/scheduledEmails/${id}/send`));
    expect(presses.map((p) => p.status)).toEqual([202, 202, 429]);
    expect(presses[2].json).toMatchObject({ error: 'report_email_quota' });
    expect(presses[2].json?.message).toContain('2 report e-mails allowed per day');
    const dispatcher = await signInAs(b.url, 'dispatcher', 'dispatch123');
    await settled('cap@example.com', 2, {
      base: b.url,
      by: dispatcher,
      agencyId: owner.profile.agencyId,
      sim,
    });
    expect(await sentTo('cap@example.com')).toBe(2);
  }, 60_000);

  it('pressed too often by one user, or by one agency, answers 429 and sends nothing', async () => {
    const b = await bridgeWith({
      REPORT_EMAILS_PER_DAY: '50',
      SEND_NOW_PER_MIN: '2',
      SEND_NOW_AGENCY_PER_MIN: '3',
    });
    const owner = await signInAs(b.url, 'owner', 'owner123');
    const dispatcher = await signInAs(b.url, 'dispatcher', 'dispatch123');
    const mine = await scheduleOf(b.url, owner, 'rate@example.com');
    const theirs = await scheduleOf(b.url, dispatcher, 'rate@example.com');

    const byOwner = [];
    for (let i = 0; i < 3; i++)
      byOwner.push(await call(b.url, owner, 'POST', `/api/scheduledEmails/${mine}/send`));
    expect(byOwner.map((p) => p.status)).toEqual([202, 202, 429]);
    expect(byOwner[2].json).toMatchObject({ error: 'too_many_requests' });
    expect(byOwner[2].json?.message).toContain('2 times a minute');
    expect(Number(byOwner[2].retryAfter)).toBeGreaterThan(0);

    // The same dealer's sub-account: the agency's third press goes, its fourth does not.
    const byDispatcher = [];
    for (let i = 0; i < 2; i++)
      byDispatcher.push(await call(b.url, dispatcher, 'POST', `/api/scheduledEmails/${theirs}/send`));
    expect(byDispatcher.map((p) => p.status)).toEqual([202, 429]);
    expect(byDispatcher[1].json?.message).toContain('3 times a minute for this agency');

    // The marker's press is another dealer's: this agency has no press left this minute.
    const multi = await signInAs(b.url, 'multi', 'multi123');
    const another = [...visibleAgencies(multi.profile as never)].find((a) => a !== owner.profile.agencyId)!;
    await settled('rate@example.com', 3, { base: b.url, by: multi, agencyId: another, sim });
    expect(await sentTo('rate@example.com')).toBe(3);
  }, 60_000);
});

describe.skipIf(!(await redisReachable()))('"Send now" across two bridges on one Redis', () => {
  let stack: TwoBridges | null = null;
  afterAll(async () => {
    await stack?.close();
  });

  it("counts one user's presses on both bridges together: the third in a minute answers 429", async () => {
    stack = await startTwoBridges('sendnow', { ...IDENTITY, SEND_NOW_PER_MIN: '2', SCHEDULE_RETRY_MS: '1s' });
    const { a, b } = stack;
    const owner = await signInAs(a.url, 'owner', 'owner123');
    const site = String(stack.sim.world.systemsOf(owner.profile.agencyId)[0].siteNo);
    const created = await call(
      a.url,
      owner,
      'POST',
      '/api/scheduledEmails',
      testZonesSchedule(owner.profile.agencyId, site, 'both@example.com'),
    );
    expect(created.status).toBe(201);
    const id = String(created.json?.id);
    const statuses = [
      (await call(a.url, owner, 'POST', `/api/scheduledEmails/${id}/send`)).status,
      (await call(b.url, owner, 'POST', `/api/scheduledEmails/${id}/send`)).status,
      (await call(a.url, owner, 'POST', `/api/scheduledEmails/${id}/send`)).status,
      (await call(b.url, owner, 'POST', `/api/scheduledEmails/${id}/send`)).status,
    ];
    expect(statuses).toEqual([202, 202, 429, 429]);
    const mine = async () =>
      (await outbox(stack!.sim)).filter((e) => e.toAddress.includes('both@example.com')).length;
    const dispatcher = await signInAs(a.url, 'dispatcher', 'dispatch123');
    await settled('both@example.com', 2, {
      base: a.url,
      by: dispatcher,
      agencyId: owner.profile.agencyId,
      sim: stack.sim,
    });
    expect(await mine()).toBe(2);
  }, 90_000);
});
