import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import type { SystemOnTestRow } from '../../shared/upstream/onTestRows';
import { waitFor } from '../support/screen';
import { sameAsTruth, truth, type Simulator } from '../support/stack';
import { startTwoDealers, type Dealer, type TwoDealers } from '../support/twoDealers';

/**
 * The systems-on-test feed: a test placed, extended or cleared through the bridge reaches every
 * screen of the agency within a poll, and no screen of another agency.
 */

let stack: TwoDealers;
let sim: Simulator;
let bridge: Bridge;
let owner: Dealer;
let other: Dealer;
const screen = (cookie: string) => stack.screen(cookie);

async function api(path: string, body: unknown) {
  const res = await fetch(`${bridge.url}/api/${path}`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: bridge.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { result: unknown; errors: string[] | null };
}

beforeAll(async () => {
  stack = await startTwoDealers();
  ({ sim, bridge, owner, other } = stack);
});

afterAll(async () => {
  await stack?.close();
});

describe('the systems-on-test feed', () => {
  it('places, extends and clears a test on one screen and every screen of the agency follows', async () => {
    const a1 = screen(owner.cookie);
    const a2 = screen(owner.cookie);
    const b = screen(other.cookie);
    await Promise.all([a1.connected(), a2.connected(), b.connected()]);
    const ref = { feed: 'systemsOnTest' as const, agencyId: owner.agencyId };
    const refB = { feed: 'systemsOnTest' as const, agencyId: other.agencyId };
    for (const [s, r] of [
      [a1, ref],
      [a2, ref],
      [b, refB],
    ] as const)
      expect((await s.subscribe(r)).ok).toBe(true);
    await waitFor(
      'snapshots',
      () => a1.cursor(ref) !== null && a2.cursor(ref) !== null && b.cursor(refB) !== null,
    );
    // Every agency starts with tests on (docs/simulator.md): the snapshot is the upstream's list.
    expect(a1.rows(ref).size).toBeGreaterThan(0);
    expect(sameAsTruth(a1.rows(ref), await truth(sim, owner.agencyId, 'systemsOnTest'))).toBe(true);

    const onTest = new Set([...a1.rows(ref).values()].map((r) => (r as SystemOnTestRow).system_no));
    const system = sim.world.systemsOf(owner.agencyId).find((s) => !onTest.has(String(s.systemNo)))!;
    const placed = await api('OnTest/SaveOnTest', {
      process_flag: 'on',
      SiteNo: system.siteNo,
      system_no: system.systemNo,
      system_list: String(system.systemNo),
      testcat_id: 'GEN',
      all_zones_flag: 'Y',
      comment: 'feed test',
    });
    const seqno = String((placed.result as { test_seqnos: number[] }).test_seqnos[0]);
    await waitFor('the new test on both screens', () => a1.rows(ref).has(seqno) && a2.rows(ref).has(seqno));
    expect(a1.rows(ref).get(seqno)).toMatchObject({
      cs_no: system.csNo,
      all_zones_flag: 'Y',
      site_time: null,
    });
    expect(b.rows(refB).has(seqno)).toBe(false);

    const before = (a1.rows(ref).get(seqno) as SystemOnTestRow).expire_date;
    await api('OnTest/ClearOrExtendMultipleTests', [
      {
        process_flag: 'extend',
        test_seqno: Number(seqno),
        system_no: system.systemNo,
        extend_hh: 1,
        extend_mm: 0,
      },
    ]);
    await waitFor(
      'the extension on both screens',
      () =>
        (a1.rows(ref).get(seqno) as SystemOnTestRow | undefined)?.expire_date !== before &&
        (a2.rows(ref).get(seqno) as SystemOnTestRow | undefined)?.expire_date !== before,
    );
    expect(Date.parse((a2.rows(ref).get(seqno) as SystemOnTestRow).expire_date) - Date.parse(before)).toBe(
      3_600_000,
    );

    await api('OnTest/ClearOrExtendMultipleTests', [
      { process_flag: 'off', test_seqno: Number(seqno), system_no: system.systemNo, comment: 'done' },
    ]);
    await waitFor(
      'the test gone from both screens',
      () => !a1.rows(ref).has(seqno) && !a2.rows(ref).has(seqno),
    );
    expect(sameAsTruth(a2.rows(ref), await truth(sim, owner.agencyId, 'systemsOnTest'))).toBe(true);
  });
});
