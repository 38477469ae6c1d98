import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { connectScreen, waitFor } from '../support/screen';
import { freshAccount, sameAsTruth, simPost, truth, type Simulator } from '../support/stack';
import { startTwoDealers, type Dealer, type TwoDealers } from '../support/twoDealers';

let stack: TwoDealers;
let sim: Simulator;
let bridge: Bridge;
let owner: Dealer;
let other: Dealer;
const screen = (cookie: string) => stack.screen(cookie);

/** An account of the agency that raises a new alarm when signalled. */
const csNoOf = (agencyId: string) => freshAccount(sim, agencyId);

beforeAll(async () => {
  stack = await startTwoDealers({ FEED_BACKLOG: '5' });
  ({ sim, bridge, owner, other } = stack);
});

afterAll(async () => {
  await stack?.close();
});

describe('live feeds through the bridge', () => {
  it('an injected alarm reaches both screens of the agency as a delta, and no screen of another agency', async () => {
    const a1 = screen(owner.cookie);
    const a2 = screen(owner.cookie);
    const b = screen(other.cookie);
    await Promise.all([a1.connected(), a2.connected(), b.connected()]);
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const refB = { feed: 'alarms' as const, agencyId: other.agencyId };
    expect((await a1.subscribe(ref)).ok).toBe(true);
    expect((await a2.subscribe(ref)).ok).toBe(true);
    expect((await b.subscribe(refB)).ok).toBe(true);
    await waitFor(
      'snapshots',
      () => a1.cursor(ref) !== null && a2.cursor(ref) !== null && b.cursor(refB) !== null,
    );
    const bRowsBefore = new Map(b.rows(refB));

    const created = (await simPost(sim, '/_sim/signals', {
      csNo: await csNoOf(owner.agencyId),
      eventId: 'F',
    })) as { alarm?: { id: string | number } };
    expect(created.alarm).toBeTruthy();
    const alarmId = String(created.alarm!.id);
    await waitFor('the alarm on both screens', () => a1.rows(ref).has(alarmId) && a2.rows(ref).has(alarmId));
    expect(a1.stats.deltas).toBeGreaterThan(0);
    expect(b.rows(refB).has(alarmId)).toBe(false);
    expect([...b.rows(refB).keys()].sort()).toEqual([...bRowsBefore.keys()].sort());
    for (const row of b.rows(refB).values())
      expect((row as { install_Servco_No?: string }).install_Servco_No ?? other.agencyId).not.toBe(
        owner.agencyId,
      );
  });

  it('the event history feed equals the truth and gains an injected event', async () => {
    const s = screen(owner.cookie);
    await s.connected();
    const ref = { feed: 'events' as const, agencyId: owner.agencyId };
    await s.subscribe(ref);
    await waitFor('snapshot', () => s.cursor(ref) !== null);
    const created = (await simPost(sim, '/_sim/signals', {
      csNo: await csNoOf(owner.agencyId),
      eventId: 'O',
    })) as { event: { id: string | number } };
    await waitFor('the event', () => s.rows(ref).has(String(created.event.id)));
    const t = await truth(sim, owner.agencyId, 'events');
    await waitFor('rows equal to the truth', async () => sameAsTruth(s.rows(ref), t));
  });

  it('a screen that reconnects gets exactly the deltas it missed', async () => {
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const watcher = screen(owner.cookie); // keeps the feed alive
    const s = screen(owner.cookie);
    await Promise.all([watcher.connected(), s.connected()]);
    await watcher.subscribe(ref);
    await s.subscribe(ref);
    await waitFor('snapshot', () => s.cursor(ref) !== null && watcher.cursor(ref) !== null);
    const cursor = s.cursor(ref)!;
    s.close();

    for (let i = 0; i < 2; i++) {
      const before = watcher.cursor(ref)!.seq;
      await simPost(sim, '/_sim/signals', { csNo: await csNoOf(owner.agencyId), eventId: 'B' });
      await waitFor('a delta', () => watcher.cursor(ref)!.seq > before);
    }
    const back = connectScreen(bridge.url, owner.cookie, { carryFrom: s });
    stack.screens.push(back);
    await back.connected();
    expect(await back.resume(ref)).toEqual({ ok: true, mode: 'resume' });
    await waitFor('equal to the watcher', () => back.cursor(ref)?.seq === watcher.cursor(ref)!.seq);
    expect([...back.rows(ref).keys()].sort()).toEqual([...watcher.rows(ref).keys()].sort());
    await waitFor(
      'missed deltas',
      () =>
        (back.stats.deltaSeqs.get(`alarms:${owner.agencyId}`) ?? []).length >=
        watcher.cursor(ref)!.seq - cursor.seq,
    );
    expect(back.stats.deltaSeqs.get(`alarms:${owner.agencyId}`)).toEqual(
      Array.from({ length: watcher.cursor(ref)!.seq - cursor.seq }, (_, i) => cursor.seq + 1 + i),
    );
    expect(back.stats.snapshots).toBe(0);
  });

  it('a screen too far behind gets a snapshot', async () => {
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const watcher = screen(owner.cookie);
    await watcher.connected();
    await watcher.subscribe(ref);
    await waitFor('snapshot', () => watcher.cursor(ref) !== null);
    const old = watcher.cursor(ref)!;
    for (let i = 0; i < 7; i++) {
      const before = watcher.cursor(ref)!.seq;
      await simPost(sim, '/_sim/signals', { csNo: await csNoOf(owner.agencyId), eventId: 'P' });
      await waitFor('a delta', () => watcher.cursor(ref)!.seq > before);
    }
    const late = screen(owner.cookie);
    await late.connected();
    const ack = await late.subscribe(ref, old);
    expect(ack).toEqual({ ok: true, mode: 'snapshot' });
    await waitFor('snapshot', () => late.stats.snapshots === 1);
    expect(late.cursor(ref)).toEqual(watcher.cursor(ref));
  });

  it('a forged agency id is refused with an error and no rows', async () => {
    const s = screen(owner.cookie);
    await s.connected();
    const forged = { feed: 'events' as const, agencyId: '999999' };
    const ack = await s.subscribe(forged);
    expect(ack.ok).toBe(false);
    if (!ack.ok) expect(ack.error.code).toBe('forbidden');
    // The marker: the screen's own feed, asked for after the refusal on the same socket, sends its
    // snapshot and then a delta of an event injected now: a poll later than the refusal.
    const own = { feed: 'events' as const, agencyId: owner.agencyId };
    expect((await s.subscribe(own)).ok).toBe(true);
    await waitFor('the own snapshot', () => s.cursor(own) !== null);
    const created = (await simPost(sim, '/_sim/signals', {
      csNo: await csNoOf(owner.agencyId),
      eventId: 'O',
    })) as { event: { id: string | number } };
    await waitFor('the own delta', () => s.rows(own).has(String(created.event.id)));
    // Only the own feed's: no snapshot or delta of the forged one.
    expect(s.stats.snapshots).toBe(1);
    expect(s.cursor(forged)).toBeNull();
    expect(s.stats.deltas).toBe(s.stats.deltaSeqs.get(`events:${owner.agencyId}`)?.length);
    expect([...s.stats.deltaSeqs.keys()]).toEqual([`events:${owner.agencyId}`]);
    expect(s.stats.errors.map((e) => e.code)).toContain('forbidden');
  });

  it('a real agency of another dealer is refused both ways: owner and multi', async () => {
    const ownerScreen = screen(owner.cookie);
    const multiScreen = screen(other.cookie);
    await Promise.all([ownerScreen.connected(), multiScreen.connected()]);
    for (const [s, agencyId] of [
      [ownerScreen, other.agencyId],
      [multiScreen, owner.agencyId],
    ] as const) {
      for (const feed of ['events', 'alarms'] as const) {
        const ack = await s.subscribe({ feed, agencyId });
        expect(ack.ok).toBe(false);
        if (!ack.ok) expect(ack.error.code).toBe('forbidden');
      }
    }
    // Each may still watch its own.
    expect((await multiScreen.subscribe({ feed: 'alarms', agencyId: other.agencyId })).ok).toBe(true);
    await waitFor(
      'snapshot',
      () => multiScreen.cursor({ feed: 'alarms', agencyId: other.agencyId }) !== null,
    );
    expect(ownerScreen.stats.snapshots).toBe(0);
  });

  it('malformed messages get an error and do not disturb the screen', async () => {
    const s = screen(owner.cookie);
    await s.connected();
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      s.socket.emit('subscribe', { feed: 'nope', agencyId: { $gt: '' } } as never, resolve as never),
    );
    expect(ack.ok).toBe(false);
    s.socket.emit('subscribe', 'garbage' as never);
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    expect((await s.subscribe(ref)).ok).toBe(true);
    expect(s.socket.connected).toBe(true);
  });

  it('a screen without a session cannot connect', async () => {
    const s = connectScreen(bridge.url, 'dlp_session=forged-session-id-000000000000');
    await expect(s.connected()).rejects.toThrow(/no_session/);
    s.close();
  });

  it('upstream faults make the feed stale, then fresh again with rows equal to the truth', async () => {
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const s = screen(owner.cookie);
    await s.connected();
    await s.subscribe(ref);
    await waitFor('snapshot', () => s.cursor(ref) !== null);
    await simPost(sim, '/_sim/faults', { path: '/AlarmBuffer/GetEventLogsLiveAlarm_Dev', status: 500 });
    await waitFor('stale', () => s.stats.statuses.some((m) => m.feed === 'alarms' && m.stale));
    const cs = await csNoOf(owner.agencyId);
    await simPost(sim, '/_sim/signals', { csNo: cs, eventId: 'HU' });
    await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
    await simPost(sim, '/_sim/faults', {
      path: '/AlarmBuffer/GetEventLogsLiveAlarm_Dev',
      malformed: true,
      count: 2,
    });
    await waitFor(
      'fresh again',
      () => {
        const last = [...s.stats.statuses].reverse().find((m) => m.feed === 'alarms');
        return !!last && !last.stale;
      },
      20_000,
    );
    await waitFor(
      'rows equal to the truth',
      async () => sameAsTruth(s.rows(ref), await truth(sim, owner.agencyId, 'alarms')),
      10_000,
    );
  });
});
