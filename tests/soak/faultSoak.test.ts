import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redisServerInstalled } from './redisServer';
import { createDeltaLedger } from './deltaLedger';
import { buildReport, formatSummary } from './soakReport';
import { FULL_SOAK, runFaultSoak } from './soakRun';

// The short fault soak CI runs: the same faults as `npm run soak`, fewer screens, shorter holds.
describe.skipIf(!redisServerInstalled())('fault soak (short)', () => {
  it('through a SIGKILL, a rolling restart, a Redis restart and a slow, failing, garbage upstream, 60 screens lose nothing, double nothing, equal the truth within 10 s of the last fault, with one committing poller per agency', async () => {
    const lines: string[] = [];
    const report = await runFaultSoak({
      ...FULL_SOAK,
      screens: 60,
      agencies: 3,
      seconds: 50,
      outDir: mkdtempSync(join(tmpdir(), 'fault-soak-')),
      log: (line) => lines.push(line),
    });
    const summary = `${lines.join('\n')}\n${formatSummary(report)}`;
    for (const t of report.targets) expect.soft(t.met, `${t.name}: ${t.detail}\n${summary}`).toBe(true);
    expect(report.perScreen.convergence.screens).toBe(60);
  }, 300_000);
});

describe('the fault soak checker', () => {
  const counts = {
    snapshots: 1,
    deltas: 10,
    duplicates: 0,
    gaps: 0,
    resent: 0,
    connects: 1,
    disconnects: 0,
    connectErrors: 0,
    sessionLosses: 0,
    refusals: 0,
    errors: 0,
  };
  const base = {
    options: { convergeTargetMs: 10_000 },
    agencies: ['21001'],
    agenciesInSim: 3,
    feeds: 2,
    connectMs: 1000,
    phases: [],
    finals: [{ screen: 0, agencyId: '21001', equal: true, convergeMs: 2000, counts }],
    ledger: { conflicts: [], summary: [] },
    pollers: {
      samples: 10,
      redisMisses: 0,
      agencies: 1,
      maxHeld: { events: 1, alarms: 1 },
      overHeldSamples: 0,
      overHeldLongestRun: 0,
      overHeld: [],
      overlaps: [],
      perFeed: [],
    },
    liveCheckMs: 900,
    firstPollAfterLastFault: [],
    upstreamRequests: 10,
    signIns: 2,
    errorsByCode: {},
    refusals: [],
    sessionEvents: [],
    unexpectedExits: [],
    durationMs: 60_000,
    startedAt: 0,
    lastFaultEndedAt: 0,
  };
  const missed = (r: ReturnType<typeof buildReport>) => r.targets.filter((t) => !t.met).map((t) => t.name);

  it('meets every target when every screen equals the truth in time with one poller', () => {
    expect(buildReport(base).targetsMet).toBe(true);
  });
  it('misses "nothing lost" when a screen ends unlike the truth', () => {
    expect(missed(buildReport({ ...base, finals: [{ ...base.finals[0], equal: false }] }))).toEqual([
      'nothing lost',
    ]);
  });
  it('misses "nothing doubled" when a change is applied twice, but not for duplicates the replica dropped', () => {
    expect(
      missed(buildReport({ ...base, finals: [{ ...base.finals[0], counts: { ...counts, resent: 1 } }] })),
    ).toEqual(['nothing doubled']);
    expect(
      buildReport({ ...base, finals: [{ ...base.finals[0], counts: { ...counts, duplicates: 3 } }] })
        .targetsMet,
    ).toBe(true);
  });
  it('misses convergence when a screen takes longer than 10 s, or never gets there', () => {
    expect(
      missed(buildReport({ ...base, finals: [{ ...base.finals[0], convergeMs: 10_500 }] })),
    ).toHaveLength(1);
    expect(missed(buildReport({ ...base, finals: [{ ...base.finals[0], convergeMs: null }] }))).toHaveLength(
      1,
    );
  });
  it('misses "one committing poller" when two bridges kept polling a feed, or held more feeds than there are for longer than a sample', () => {
    const overlap = {
      feed: 'events:21001',
      at: 1,
      bridges: [0, 1] as [number, number],
      overlapMs: 2000,
      trailing: 2,
    };
    expect(missed(buildReport({ ...base, pollers: { ...base.pollers, overlaps: [overlap] } }))).toEqual([
      'one committing poller per agency',
    ]);
    expect(
      missed(
        buildReport({ ...base, pollers: { ...base.pollers, overHeldSamples: 2, overHeldLongestRun: 2 } }),
      ),
    ).toEqual(['one committing poller per agency']);
  });
  it('meets "one committing poller" when the old holder only finished the one poll it had in flight', () => {
    const handover = {
      feed: 'events:21001',
      at: 1,
      bridges: [0, 1] as [number, number],
      overlapMs: 500,
      trailing: 1,
    };
    const r = buildReport({
      ...base,
      pollers: { ...base.pollers, overlaps: [handover], overHeldSamples: 1, overHeldLongestRun: 1 },
    });
    expect(r.targetsMet).toBe(true);
    expect(r.targets.find((t) => t.name === 'one committing poller per agency')!.detail).toContain(
      '0 episodes of two bridges polling one feed beyond one in-flight poll (1 handovers',
    );
  });
  it('counts two different deltas under one number as a conflict (split brain)', () => {
    const ledger = createDeltaLedger();
    const d = {
      feed: 'events' as const,
      agencyId: '21001',
      epoch: 'e',
      seq: 5,
      upserts: [],
      removes: ['x'],
      at: 1,
    };
    ledger.record(d);
    ledger.record({ ...d });
    expect(ledger.conflicts()).toHaveLength(0);
    ledger.record({ ...d, at: 2, removes: ['y'] });
    expect(ledger.conflicts()).toHaveLength(1);
    const r = buildReport({ ...base, ledger: { conflicts: ledger.conflicts(), summary: [] } });
    expect(missed(r)).toEqual(['nothing lost', 'nothing doubled', 'one committing poller per agency']);
  });
});
