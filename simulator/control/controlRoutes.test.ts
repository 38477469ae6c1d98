import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../createSimulator';
import { control, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;
let sid: string;
let agencyId: string;

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
  const p = await signIn(sim, 'owner', 'owner123');
  sid = p.loginGUID;
  agencyId = p.agencyId;
});
afterAll(() => sim.close());

describe('the control API', () => {
  it('counts upstream requests and bytes per path, not its own', async () => {
    await control(sim, '/stats/reset');
    await post(sim, '/AlarmBuffer/GetEventTypes', {}, sid);
    await post(sim, '/AlarmBuffer/GetEventTypes', {}, sid);
    await post(sim, '/AlarmBuffer/GetEventLogs', { AgencyId: agencyId }, sid);
    await control(sim, '/world', undefined, 'GET');
    const stats = await control(sim, '/stats', undefined, 'GET');
    expect(stats.total).toBe(3);
    expect(stats.byPath['/AlarmBuffer/GetEventTypes'].requests).toBe(2);
    expect(stats.byPath['/AlarmBuffer/GetEventTypes'].bytes).toBeGreaterThan(500);
    expect(Object.keys(stats.byPath).some((p) => p.startsWith('/_sim'))).toBe(false);
    expect((await control(sim, '/stats/reset')).total).toBe(0);
  });

  it('answers the full active set as alarm truth, equal to the pages of GetEventLogsLiveAlarm_Dev', async () => {
    for (const s of sim.world.systemsOf(agencyId).slice(0, 12))
      await control(sim, '/signals', { csNo: s.csNo, eventId: s.systemNo % 2 ? 'ME' : 'HU' });
    const { rows } = await control(sim, `/truth?agencyId=${agencyId}&feed=alarms`, undefined, 'GET');
    const pages = [];
    for (let p = 1; ; p++) {
      const got = (
        await post(
          sim,
          '/AlarmBuffer/GetEventLogsLiveAlarm_Dev',
          { AgencyId: agencyId, offset: p, count: 5 },
          sid,
        )
      ).body.result.eventLogList;
      pages.push(...got);
      if (got.length < 5) break;
    }
    const strip = ({ totalRows: _t, ...r }: { totalRows: unknown }) => r;
    expect(pages.map(strip)).toEqual(rows.map(strip));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r: { color: string }) => r.color))).toEqual(
      expect.objectContaining(new Set(['blue', 'dark green'])),
    );
  });

  it('injects signals by category or event id and refuses unknown accounts', async () => {
    const cs = sim.world.systemsOf(agencyId)[20].csNo;
    expect(
      (await control(sim, '/signals', { csNo: cs, eventId: '4618', text: 'by text app' })).event,
    ).toMatchObject({ event_Id: '4618', eventrpt_id: 'CR', cS_: cs });
    expect((await control(sim, '/signals', { csNo: cs, eventId: 'op' })).event).toMatchObject({
      event_Id: 'OP',
      eventrpt_id: 'O',
    });
    await expect(control(sim, '/signals', { csNo: 'C00000', eventId: 'B' })).rejects.toThrow(/404/);
    await expect(control(sim, '/signals', { csNo: cs, eventId: 'NOPE' })).rejects.toThrow(/400/);
  });

  it('pauses, resumes, steps and sets the rate of the generator', async () => {
    expect((await control(sim, '/generator', { action: 'resume' })).state.running).toBe(true);
    expect((await control(sim, '/generator', { action: 'pause' })).state.running).toBe(false);
    const stepped = await control(sim, '/generator', { action: 'step', count: 7, agencyId });
    expect(stepped.events).toHaveLength(7);
    expect(
      stepped.events.every((e: { cS_: string }) => sim.world.systemByCsNo(e.cS_)?.agencyId === agencyId),
    ).toBe(true);
    expect((await control(sim, '/generator', { action: 'rate', ratePerMin: 30 })).state.ratePerMin).toBe(30);
    await expect(control(sim, '/generator', { action: 'rate' })).rejects.toThrow(/400/);
  });

  it('resets the world to its seeded state', async () => {
    const before = sim.world.events.size;
    await control(sim, '/generator', { action: 'step', count: 50 });
    expect(sim.world.events.size).toBeGreaterThan(before);
    const reset = await control(sim, '/reset');
    expect(reset.ok).toBe(true);
    const fresh = await startTestSimulator();
    try {
      expect(sim.world.events.size).toBe(fresh.sim.world.events.size);
    } finally {
      await fresh.sim.close();
    }
  });

  it('serves the hand-off page once per link', async () => {
    const cs = sim.world.systemsOf(agencyId)[0].csNo;
    const url = (
      await (
        await fetch(`${sim.url}/GetMasWebPlusTransfer?SessionGUID=${sid}&Cs_No=${cs}&DMTool=7001`)
      ).json()
    ).result;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(cs);
    expect((await fetch(url)).status).toBe(410);
  });
});
