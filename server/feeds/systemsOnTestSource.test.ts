import { describe, expect, it } from 'vitest';
import { systemOnTestRowSchema, type SystemOnTestRow } from '../../shared/upstream/onTestRows';
import { createSystemsOnTestSource } from './systemsOnTestSource';
import type { PollRead } from './feedTypes';

/** What a poll reads with, for a source read outside a feed (its fetches here ignore it). */
const READ: PollRead = {
  credential: { bridgeSessionId: 'b', upstreamSessionId: 'u', installServcoTypeFor: () => 'D' },
};

const upstreamRow = (seqno: number, expire: string, siteTime = '2026-11-24T12:00:00-08:00') => ({
  seqno,
  test_seqno: seqno,
  site_no: 7,
  system_no: 70 + seqno,
  cs_no: `C${seqno}`,
  site_name: 'Golden Dental Group',
  effective_date: '2026-11-24T11:00:00-08:00',
  expire_date: expire,
  all_zones_flag: 'Y',
  servtype_list: '',
  site_time: siteTime,
  isOverThanOneWeek: false,
  SiteUTCOffset: -480,
});

function sourceOver(answers: unknown[][]) {
  let i = 0;
  return createSystemsOnTestSource({
    fetchList: async () => ({ rows: answers[i++].map((r) => systemOnTestRowSchema.parse(r)), bytes: 100 }),
  });
}

const apply = (
  state: Map<string, SystemOnTestRow>,
  changes: { upserts: SystemOnTestRow[]; removes: string[] },
) => {
  for (const r of changes.upserts) state.set(r.id, r);
  for (const id of changes.removes) state.delete(id);
};

describe('the systems-on-test source', () => {
  it('keys rows by seqno and sends only what changed: a new test, an extension, a clear', async () => {
    const source = sourceOver([
      [upstreamRow(1, '2026-11-24T15:00:00-08:00'), upstreamRow(2, '2026-11-24T16:00:00-08:00')],
      [
        upstreamRow(1, '2026-11-24T15:00:00-08:00'),
        upstreamRow(2, '2026-11-24T20:00:00-08:00'),
        upstreamRow(3, '2026-11-24T17:00:00-08:00'),
      ],
      [upstreamRow(2, '2026-11-24T20:00:00-08:00'), upstreamRow(3, '2026-11-24T17:00:00-08:00')],
    ]);
    const state = new Map<string, SystemOnTestRow>();
    const first = await source.poll(state, READ);
    expect(first.changes.upserts.map((r) => r.id)).toEqual(['1', '2']);
    expect(first.requests).toBe(1);
    apply(state, first.changes);

    const second = await source.poll(state, READ);
    expect(second.changes.upserts.map((r) => [r.id, r.expire_date])).toEqual([
      ['2', '2026-11-24T20:00:00-08:00'],
      ['3', '2026-11-24T17:00:00-08:00'],
    ]);
    expect(second.changes.removes).toEqual([]);
    apply(state, second.changes);

    const third = await source.poll(state, READ);
    expect(third.changes).toEqual({ upserts: [], removes: ['1'] });
  });

  it("ignores the site's clock, which changes on every answer", async () => {
    const source = sourceOver([
      [upstreamRow(1, '2026-11-24T15:00:00-08:00', '2026-11-24T12:00:00-08:00')],
      [upstreamRow(1, '2026-11-24T15:00:00-08:00', '2026-11-24T12:00:01-08:00')],
    ]);
    const state = new Map<string, SystemOnTestRow>();
    const first = await source.poll(state, READ);
    expect(first.changes.upserts[0]).toMatchObject({ id: '1', cs_no: 'C1', site_time: null });
    expect(first.changes.upserts[0]).not.toHaveProperty('SiteUTCOffset');
    apply(state, first.changes);
    expect((await source.poll(state, READ)).changes).toEqual({ upserts: [], removes: [] });
  });
});
