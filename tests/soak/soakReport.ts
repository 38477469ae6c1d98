import type { Conflict } from './deltaLedger';
import type { PollerWatch } from './pollerWatch';
import type { ScreenCounts } from './soakScreen';

export interface PhaseRecord {
  name: string;
  detail: string;
  /** Since the soak started. */
  startedAt: number;
  /** How long the fault lasted (injected until its cause was gone). */
  faultMs: number;
  /** From the fault's end until every screen was live and in step with its feeds' committed positions. */
  inStepMs: number | null;
  /**
   * From the fault's end until the phase's own recovery too: for upstream faults every feed polled
   * fresh again; after the Redis restart every screen on a new session. Null if not within the phase.
   */
  recoveredMs: number | null;
  endedAt: number;
  /** What the screens counted during the phase, summed. */
  counts: ScreenCounts;
  /** The longest time a feed's lease had no holder during the phase. */
  unownedMaxMs: number;
  /** The longest time a feed went without a poll (ok or failed) during the phase. */
  pollGapMaxMs: number;
}

export interface ScreenFinal {
  screen: number;
  agencyId: string;
  equal: boolean;
  convergeMs: number | null;
  counts: ScreenCounts;
  differences?: unknown[];
}

interface ReportInput {
  options: object;
  agencies: string[];
  agenciesInSim: number;
  feeds: number;
  connectMs: number;
  phases: PhaseRecord[];
  finals: ScreenFinal[];
  ledger: {
    conflicts: Conflict[];
    summary: { feed: string; epochs: number; deltas: number; unseenSeqs: number }[];
  };
  pollers: ReturnType<PollerWatch['report']>;
  liveCheckMs: number | null;
  firstPollAfterLastFault: { feed: string; ms: number | null; lastFailedBefore: number | null }[];
  upstreamRequests: number;
  signIns: number;
  errorsByCode: Record<string, number>;
  /** Subscribes refused or left unanswered, by screen, with when (since the start) and why. */
  refusals: { screen: number; at: number; feed: string; why: string }[];
  /** Sessions the bridges no longer knew, per screen (first 2000). */
  sessionEvents: { screen: number; at: number; what: string }[];
  unexpectedExits: { bridge: number; code: number | null; signal: string | null; at: number; log: string }[];
  durationMs: number;
  /** Wall-clock times (ms since 1970), to read the bridge logs against. */
  startedAt: number;
  lastFaultEndedAt: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** Per screen: total, screens with any, p50, p99, max. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    total: values.reduce((a, b) => a + b, 0),
    screensWithAny: values.filter((v) => v > 0).length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}

export function buildReport(r: ReportInput) {
  const per = (f: (c: ScreenCounts) => number) => spread(r.finals.map((s) => f(s.counts)));
  const converged = r.finals.filter((s) => s.convergeMs != null).map((s) => s.convergeMs!);
  const convergeTargetMs = (r.options as { convergeTargetMs: number }).convergeTargetMs;
  const notEqual = r.finals.filter((s) => !s.equal);
  const resent = per((c) => c.resent);
  const convergence = {
    ...spread(converged),
    screens: converged.length,
    slowerThanTarget: converged.filter((ms) => ms > convergeTargetMs).length,
  };

  const unboundedOverlaps = r.pollers.overlaps.filter((o) => o.trailing > 1);
  const targets = [
    {
      name: 'nothing lost',
      met: notEqual.length === 0 && r.ledger.conflicts.length === 0 && r.liveCheckMs != null,
      detail: `${r.finals.length - notEqual.length}/${r.finals.length} screens equal to /_sim/truth at the end; ${r.ledger.conflicts.length} conflicting deltas; post-fault signal ${r.liveCheckMs == null ? 'not on every screen' : `on every screen in ${(r.liveCheckMs / 1000).toFixed(1)} s`}`,
    },
    {
      name: 'nothing doubled',
      met: resent.total === 0 && r.ledger.conflicts.length === 0,
      detail: `${resent.total} re-sent changes applied (${resent.screensWithAny} screens); duplicates the replica dropped: ${per((c) => c.duplicates).total}`,
    },
    {
      name: `every screen equal to the truth within ${convergeTargetMs / 1000} s of the last fault`,
      met: converged.length === r.finals.length && convergence.slowerThanTarget === 0,
      detail: `${converged.length}/${r.finals.length} converged; p50 ${(convergence.p50 / 1000).toFixed(1)} s, p99 ${(convergence.p99 / 1000).toFixed(1)} s, max ${(convergence.max / 1000).toFixed(1)} s; ${convergence.slowerThanTarget} slower than the target`,
    },
    {
      // NOTE: what matters is that one bridge commits each feed (every commit is fenced by the
      // lease, so two committers would show as conflicting deltas) and that a bridge which lost
      // its lease while stalled finishes at most the one poll it had in flight. Such a bounded
      // overlap, and a bridge still believing for one sample that it holds a feed, are reported
      // but are not two pollers (docs/reliability.md, "One poller per agency").
      name: 'one committing poller per agency',
      met:
        r.ledger.conflicts.length === 0 &&
        unboundedOverlaps.length === 0 &&
        r.pollers.overHeldLongestRun <= 1,
      detail: `${r.pollers.samples} samples; ${r.ledger.conflicts.length} conflicting deltas (every commit fenced); ${unboundedOverlaps.length} episodes of two bridges polling one feed beyond one in-flight poll (${r.pollers.overlaps.length - unboundedOverlaps.length} handovers where the old holder finished the one poll it had in flight); most feeds held at once ${r.pollers.maxHeld.events} events + ${r.pollers.maxHeld.alarms} alarms for ${r.pollers.agencies} agencies (${r.pollers.overHeldSamples} samples over, longest run ${r.pollers.overHeldLongestRun})`,
    },
    {
      name: 'no bridge crashed',
      met: r.unexpectedExits.length === 0,
      detail: `${r.unexpectedExits.length} unexpected bridge exits`,
    },
  ];

  return {
    ...r,
    perScreen: {
      gaps: per((c) => c.gaps),
      duplicates: per((c) => c.duplicates),
      resent,
      snapshots: per((c) => c.snapshots),
      deltas: per((c) => c.deltas),
      disconnects: per((c) => c.disconnects),
      sessionLosses: per((c) => c.sessionLosses),
      refusals: per((c) => c.refusals),
      errors: per((c) => c.errors),
      convergence,
    },
    // Keep the report small: only failed screens in full.
    finals: undefined,
    failedScreens: notEqual.slice(0, 20),
    targets,
    targetsMet: targets.every((t) => t.met),
  };
}
export type SoakReport = ReturnType<typeof buildReport>;

const s1 = (ms: number | null) => (ms == null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/** The summary `npm run soak` prints. */
export function formatSummary(r: SoakReport): string {
  const o = r.options as { screens: number; pollMs: number; seconds: number };
  const lines: string[] = [];
  lines.push(
    '',
    `Fault soak: ${o.screens} screens, ${r.agencies.length} agencies watched (of ${r.agenciesInSim} in the simulator), ${r.feeds} feeds, 2 bridges, POLL_MS ${o.pollMs}, ${s1(r.durationMs)} in all`,
  );
  lines.push(
    `All screens live after ${s1(r.connectMs)}; upstream requests during the run: ${r.upstreamRequests}; sign-ins: ${r.signIns}`,
  );
  lines.push(
    '',
    'phase                      fault  in step  recovered  no lease  no poll  gaps  dup  resent  snapshots  disconnects  session losses',
  );
  for (const p of r.phases) {
    const c = p.counts;
    lines.push(
      `${p.name.padEnd(26)} ${s1(p.faultMs).padStart(6)}  ${s1(p.inStepMs).padStart(7)}  ${s1(p.recoveredMs).padStart(9)}  ${s1(p.unownedMaxMs).padStart(8)}  ${s1(p.pollGapMaxMs).padStart(7)}  ${String(c.gaps).padStart(4)}  ${String(c.duplicates).padStart(3)}  ${String(c.resent).padStart(6)}  ${String(c.snapshots).padStart(9)}  ${String(c.disconnects).padStart(11)}  ${String(c.sessionLosses).padStart(14)}`,
    );
  }
  lines.push('', 'per screen                 total  screens>0   p50   p99   max');
  for (const [name, v] of Object.entries(r.perScreen)) {
    if (name === 'convergence') continue;
    const s = v as { total: number; screensWithAny: number; p50: number; p99: number; max: number };
    lines.push(
      `${name.padEnd(26)} ${String(s.total).padStart(5)}  ${String(s.screensWithAny).padStart(9)}  ${String(s.p50).padStart(4)}  ${String(s.p99).padStart(4)}  ${String(s.max).padStart(4)}`,
    );
  }
  const c = r.perScreen.convergence;
  lines.push(
    `time to converge after the last fault: p50 ${s1(c.p50)}, p99 ${s1(c.p99)}, max ${s1(c.max)} (${c.screens}/${o.screens} screens)`,
  );
  lines.push(
    'first successful poll after the last fault: ' +
      r.firstPollAfterLastFault.map((f) => `${f.feed} ${s1(f.ms)}`).join(', '),
  );
  lines.push(
    '',
    'feeds: ' +
      r.ledger.summary
        .map((f) => `${f.feed} ${f.epochs} epoch${f.epochs === 1 ? '' : 's'}/${f.deltas} deltas`)
        .join(', '),
  );
  lines.push('lease changes: ' + r.pollers.perFeed.map((f) => `${f.feed} ${f.ownerChanges}`).join(', '));
  if (Object.keys(r.errorsByCode).length)
    lines.push(
      'error events from the bridges: ' +
        Object.entries(r.errorsByCode)
          .map(([k, n]) => `${n} x ${k}`)
          .join('; '),
    );
  if (r.refusals.length)
    lines.push(
      `subscribes refused or unanswered: ${r.refusals.length}; first: ${r.refusals
        .slice(0, 6)
        .map((x) => `screen ${x.screen} ${x.feed} at ${s1(x.at)}: ${x.why}`)
        .join('; ')}`,
    );
  if (r.ledger.conflicts.length)
    lines.push('conflicting deltas: ' + JSON.stringify(r.ledger.conflicts.slice(0, 5)));
  if (r.pollers.overlaps.length)
    lines.push('two pollers at once: ' + JSON.stringify(r.pollers.overlaps.slice(0, 5)));
  for (const e of r.unexpectedExits)
    lines.push(
      `bridge ${'AB'[e.bridge]} exited by itself at ${s1(e.at)} (code ${e.code}, signal ${e.signal}):\n${e.log}`,
    );
  if (r.failedScreens.length)
    lines.push(
      'screens not equal to the truth (first 20): ' +
        JSON.stringify(
          r.failedScreens.map((f) => ({ screen: f.screen, agency: f.agencyId, differences: f.differences })),
        ),
    );
  lines.push('', 'targets:');
  for (const t of r.targets) lines.push(`  ${t.met ? 'MET   ' : 'MISSED'} ${t.name}: ${t.detail}`);
  lines.push('', r.targetsMet ? 'fault soak: every target met' : 'fault soak: TARGET MISSED');
  return lines.join('\n');
}
