import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { FeedRef } from '../../shared/live/protocol';
import { loginProfileSchema, visibleAgencies } from '../../shared/upstream/loginProfile';
import { metricValue } from '../support/processes';
import { simPost, startSim, type Simulator } from '../support/stack';
import { createBridgePair, type BridgePair } from './bridgePair';
import { createDeltaLedger } from './deltaLedger';
import { createPollerWatch } from './pollerWatch';
import { startRedisServer } from './redisServer';
import { createSoakScreen, type ScreenCounts, type SoakScreen } from './soakScreen';
import { buildReport, type PhaseRecord, type SoakReport } from './soakReport';
import { createTruthCheck } from './truthCheck';
import { createUserSessions, type DemoLogin } from './userSessions';

export interface SoakOptions {
  screens: number;
  /** Agencies in the simulator; screens spread over those the demo users may see. */
  agencies: number;
  /** Roughly how long the fault schedule runs; every hold and settle scales with it. */
  seconds: number;
  pollMs: number;
  /** Live signals per agency per minute from the simulator's generator. */
  signalRatePerMin: number;
  sitesPerAgency: number;
  historyPerAgencyPerDay: number;
  /** Target: every screen equal to the truth within this long after the last fault. */
  convergeTargetMs: number;
  /** Where bridge logs and the JSON report go. */
  outDir: string;
  log: (line: string) => void;
}

/** The schedule's length at scale 1 (the default `npm run soak`). */
export const BASE_SECONDS = 180;

export const FULL_SOAK: Omit<SoakOptions, 'outDir' | 'log'> = {
  screens: 500,
  agencies: 10,
  seconds: BASE_SECONDS,
  pollMs: 1000,
  signalRatePerMin: 20,
  sitesPerAgency: 60,
  historyPerAgencyPerDay: 300,
  convergeTargetMs: 10_000,
};

const LOGINS: DemoLogin[] = [
  { username: 'owner', password: 'owner123' },
  { username: 'multi', password: 'multi123' },
];

const SAMPLE_MS = 250;
/** Fault phases in the schedule (late screens open after each). */
const PHASES = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const key = (r: FeedRef) => `${r.feed}:${r.agencyId}`;

function sumCounts(screens: SoakScreen[]): ScreenCounts {
  const total = {
    snapshots: 0,
    deltas: 0,
    duplicates: 0,
    gaps: 0,
    resent: 0,
    connects: 0,
    disconnects: 0,
    connectErrors: 0,
    sessionLosses: 0,
    refusals: 0,
    errors: 0,
  };
  for (const s of screens) {
    const c = s.counts();
    for (const k of Object.keys(total) as (keyof ScreenCounts)[]) total[k] += c[k];
  }
  return total;
}

/**
 * The fault soak: the simulator in this process with its generator running, a Redis of its own,
 * two bridge processes, and `screens` self-reconnecting screens over the agencies the demo users
 * see. Faults in sequence while signals flow: SIGKILL a bridge, a SIGTERM rolling restart, a Redis
 * restart (its data lost), then the upstream slow, failing and answering garbage. Then a quiet
 * period in which every screen is compared with `/_sim/truth`. Answers the figures and targets.
 */
export async function runFaultSoak(o: SoakOptions): Promise<SoakReport> {
  const t0 = Date.now();
  const scale = o.seconds / BASE_SECONDS;
  const hold = (ms: number, min = 1000) => Math.max(min, Math.round(ms * scale));
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s`;
  const log = (line: string) => o.log(`[soak ${at()}] ${line}`);
  mkdirSync(o.outDir, { recursive: true });

  const prefix = `soak:${randomUUID().slice(0, 8)}:`;
  const redis = await startRedisServer();
  let sim: Simulator | null = null;
  let bridges: BridgePair | null = null;
  const screens: SoakScreen[] = [];
  let watch: ReturnType<typeof createPollerWatch> | null = null;
  let sampler: ReturnType<typeof setInterval> | null = null;
  // If this process is made to exit mid-run, take the children with it.
  const killChildren = () => {
    bridges?.killNow();
    const pid = redis.pid();
    if (pid) process.kill(pid, 'SIGKILL');
  };
  process.once('exit', killChildren);

  try {
    log(`redis-server ${redis.url} (own), prefix ${prefix}`);
    sim = await startSim({
      agencies: o.agencies,
      sitesPerAgency: o.sitesPerAgency,
      signalRatePerMin: o.signalRatePerMin,
      historyPerAgencyPerDay: o.historyPerAgencyPerDay,
      generator: true,
    });
    const simulator = sim;
    log(
      `simulator ${simulator.url}: ${o.agencies} agencies x ${o.sitesPerAgency} sites, ${o.signalRatePerMin} signals/min/agency`,
    );

    const pair = await createBridgePair({
      env: {
        UPSTREAM_URL: simulator.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: prefix,
        POLL_MS: String(o.pollMs),
        LOG_LEVEL: 'info',
        RECORDINGS_DIR: join(o.outDir, 'recordings'),
        // The soak puts all its screens on two sign-ins; a real wall stays under the default 20.
        LIVE_SCREENS_PER_SESSION: String(o.screens),
        LIVE_RATE_SCALE: String(Math.max(1, Math.ceil(o.screens / 20))),
      },
      outDir: o.outDir,
      t0,
      log,
    });
    bridges = pair;
    const bridgeUrls = pair.urls;
    await Promise.all([pair.start(0), pair.start(1)]);
    log(`bridges A ${bridgeUrls[0]}, B ${bridgeUrls[1]} (POLL_MS ${o.pollMs})`);

    // Sessions, and the agencies the demo users may see between them.
    const sessions = createUserSessions(LOGINS, bridgeUrls);
    await sessions.signInAll();
    const userOf = new Map<string, string>();
    for (const l of LOGINS) {
      const profile = z
        .object(loginProfileSchema().shape)
        .pick({ agencyId: true, agencyIdForCorpAccount: true, serviceCompanyList: true })
        .parse(sessions.profile(l.username));
      for (const id of visibleAgencies(profile)) {
        // Keep real agency ids only (a corporate account's install number is an alias of one).
        if (simulator.world.agencyIdOf(id) === id && !userOf.has(id)) userOf.set(id, l.username);
      }
    }
    const agencies = [...userOf.keys()].sort().slice(0, o.agencies);
    log(`the demo users see ${agencies.length} of the ${o.agencies} agencies: ${agencies.join(', ')}`);
    const feeds: FeedRef[] = agencies.flatMap((agencyId) => [
      { feed: 'events' as const, agencyId },
      { feed: 'alarms' as const, agencyId },
    ]);

    const ledger = createDeltaLedger();
    const check = createTruthCheck(simulator, feeds);
    watch = createPollerWatch({ redisUrl: redis.url, prefix, bridgeUrls, feeds, everyMs: SAMPLE_MS });
    const w = watch;
    w.start();

    // Screens: spread over the agencies, and over both bridges within each agency. About one in
    // ten opens late, a few right after each fault, with nothing to resume from (a new tab).
    const latePerPhase = Math.max(1, Math.round((o.screens * 0.1) / PHASES));
    const late: SoakScreen[] = [];
    for (let i = 0; i < o.screens; i++) {
      const agencyId = agencies[i % agencies.length];
      const screen = createSoakScreen({
        index: i,
        agencyId,
        username: userOf.get(agencyId)!,
        sessions,
        bridgeUrls,
        firstBridge: Math.floor(i / agencies.length) % 2,
        ledger,
      });
      (i < o.screens - latePerPhase * PHASES ? screens : late).push(screen);
    }
    const openLate = () => {
      for (const s of late.splice(0, latePerPhase)) {
        screens.push(s);
        void s.start();
      }
    };
    for (let i = 0; i < screens.length; i += 25) {
      for (const s of screens.slice(i, i + 25)) void s.start();
      await sleep(50);
    }
    const allInStep = () => screens.every((s) => s.inStep(w.positions()));
    const whyOutOfStep = () => {
      const why = new Map<string, number>();
      for (const s of screens) {
        const r = s.outOfStep(w.positions());
        if (r) why.set(r, (why.get(r) ?? 0) + 1);
      }
      return [...why].map(([r, n]) => `${n} ${r}`).join(', ');
    };
    const inStepCount = () => screens.filter((s) => s.inStep(w.positions())).length;
    sampler = setInterval(() => {
      const now = Date.now();
      for (const s of screens) s.watchdog(now);
    }, 1000);
    const connectStarted = Date.now();
    await waitUntil(allInStep, 120_000);
    const connectMs = Date.now() - connectStarted;
    log(
      `${inStepCount()}/${screens.length} screens live on both feeds after ${(connectMs / 1000).toFixed(1)} s; ${late.length} more open after the faults, ${latePerPhase} after each`,
    );
    const stats0 = simulator.simulator.stats.snapshot().total;

    async function waitUntil(cond: () => boolean, maxMs: number): Promise<number | null> {
      const started = Date.now();
      for (;;) {
        if (cond()) return Date.now() - started;
        if (Date.now() - started > maxMs) return null;
        await sleep(SAMPLE_MS);
      }
    }

    const equalsTruth = (s: SoakScreen) =>
      s.refs.every((ref) => {
        const r = s.replica(ref);
        return !!r && check.equal(ref, r.rows, r.version, `${s.index}:${key(ref)}`);
      });
    /** Time from `since` until every screen equals the truth, or null after `maxMs`. */
    async function untilAllEqual(maxMs: number, since: number): Promise<number | null> {
      while (Date.now() - since < maxMs) {
        await check.refresh();
        if (screens.every(equalsTruth)) return Date.now() - since;
        await sleep(SAMPLE_MS);
      }
      return null;
    }

    const phases: PhaseRecord[] = [];
    /**
     * One fault: `fault` injects it and returns once its cause is gone (the bridge is back, the
     * upstream healthy again); then the phase settles until every screen is live and in step
     * with its feeds' committed positions (at least `minSettleMs`, at most `maxSettleMs`).
     */
    async function phase(
      name: string,
      fault: () => Promise<string>,
      minSettleMs: number,
      maxSettleMs: number,
      until: (faultEndedAt: number) => boolean = () => true,
    ) {
      const before = sumCounts(screens);
      const startedAt = Date.now();
      log(`${name}: start`);
      const detail = await fault();
      openLate();
      const faultEndedAt = Date.now();
      // Two clocks: every screen live and in step with its feeds, and that plus the phase's own condition.
      let inStepMs: number | null = null;
      let nextNote = faultEndedAt + 5000;
      const recoveredIn = await waitUntil(() => {
        const inStep = allInStep();
        if (!inStep && Date.now() > nextNote) {
          nextNote += 5000;
          log(
            `${name}: ${Math.round((Date.now() - faultEndedAt) / 1000)} s after the fault, out of step: ${whyOutOfStep()}`,
          );
        }
        if (inStep && inStepMs == null) inStepMs = Date.now() - faultEndedAt;
        return inStep && until(faultEndedAt);
      }, maxSettleMs);
      const rest = minSettleMs - (Date.now() - faultEndedAt);
      if (rest > 0) await sleep(rest);
      const after = sumCounts(screens);
      const delta = Object.fromEntries(
        Object.entries(after).map(([k, v]) => [k, v - before[k as keyof ScreenCounts]]),
      ) as unknown as ScreenCounts;
      const record: PhaseRecord = {
        name,
        detail,
        startedAt: startedAt - t0,
        faultMs: faultEndedAt - startedAt,
        inStepMs,
        recoveredMs: recoveredIn,
        endedAt: Date.now() - t0,
        counts: delta,
        unownedMaxMs: 0,
        pollGapMaxMs: 0,
      };
      phases.push(record);
      const secs = (ms: number | null) =>
        ms == null ? `NOT within ${maxSettleMs / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
      log(
        `${name}: ${detail}; after it: every screen in step ${secs(inStepMs)}, recovered ${secs(recoveredIn)} (${inStepCount()}/${screens.length} in step now)`,
      );
      return record;
    }
    const fault = (spec: object) => simPost(simulator, '/_sim/faults', spec);
    const clearFaults = () => fetch(`${simulator.url}/_sim/faults`, { method: 'DELETE' });

    await sleep(hold(10_000, 3000));

    // 1. SIGKILL the bridge that polls the most feeds; restart it on the same port.
    await phase(
      'SIGKILL a bridge',
      async () => {
        const held = await Promise.all(
          bridgeUrls.map(
            async (u) =>
              (await metricValue(u, /^bridge_feeds\{feed="events"\}/)) +
              (await metricValue(u, /^bridge_feeds\{feed="alarms"\}/)),
          ),
        );
        const victim = held[0] >= held[1] ? 0 : 1;
        await pair.stop(victim, 'SIGKILL');
        await sleep(hold(4000, 3000));
        await pair.start(victim);
        return `killed ${'AB'[victim]} (it polled ${held[victim]} of ${feeds.length} feeds) with SIGKILL, restarted it ${hold(4000, 3000) / 1000} s later`;
      },
      hold(10_000, 4000),
      30_000,
    );

    // 2. A rolling restart: SIGTERM each bridge in turn, restart it, let it settle.
    await phase(
      'SIGTERM rolling restart',
      async () => {
        for (const b of [0, 1]) {
          await pair.stop(b, 'SIGTERM');
          await pair.start(b);
          if (b === 0) await waitUntil(allInStep, Math.max(hold(15_000, 8000), 8000));
        }
        return 'SIGTERM A, restart A, settle, SIGTERM B, restart B';
      },
      hold(10_000, 4000),
      30_000,
    );

    // 3. Restart Redis: every lease, feed state, backlog and session is lost.
    // Sessions made after the kill live in the new Redis (a sign-in during the outage waits for it).
    let redisKilledAt = 0;
    const redisPhase = await phase(
      'Redis restart',
      async () => {
        redisKilledAt = Date.now();
        await redis.kill();
        await sleep(hold(3000, 2000));
        await redis.start();
        return `killed redis-server (SIGKILL), started it again on the same port ${hold(3000, 2000) / 1000} s later, empty`;
      },
      hold(8000, 3000),
      45_000,
      () => {
        // The bridges drop sessions they no longer find at their 30 s recheck, closing those
        // screens: wait for that too, so it falls in this phase. Then every screen has connected
        // again since the restart.
        return screens.every((s) => s.connectedAt > redisKilledAt);
      },
    );
    const notBack = screens.filter((s) => s.connectedAt <= redisKilledAt);
    redisPhase.detail += `; users signed in again: ${sessions.renewals.length}; screens still on their connection from before: ${notBack.length}`;
    const renewals = sessions.renewals.map(
      (r) =>
        `${r.username} at ${((r.at - t0) / 1000).toFixed(1)} s (generation ${r.refused} refused by ${r.bridge})`,
    );
    log(`Redis restart: sign-ins again: ${renewals.join('; ')}`);

    // 4-6. The upstream: slow, failing, answering garbage.
    await phase(
      'upstream slow',
      async () => {
        await fault({ latencyMs: 2500 });
        await sleep(hold(15_000, 5000));
        await clearFaults();
        return `every upstream answer delayed 2.5 s for ${hold(15_000, 5000) / 1000} s`;
      },
      hold(6000, 2000),
      30_000,
      w.freshSince,
    );

    await phase(
      'upstream failing',
      async () => {
        await fault({ errorRate: 0.5 });
        await sleep(hold(10_000, 4000));
        await clearFaults();
        await fault({ status: 500 });
        await sleep(hold(10_000, 4000));
        await clearFaults();
        return `half the answers HTTP 500 for ${hold(10_000, 4000) / 1000} s, then all of them for ${hold(10_000, 4000) / 1000} s`;
      },
      hold(6000, 2000),
      35_000,
      w.freshSince,
    );

    let lastFaultEndedAt = 0;
    const garbage = await phase(
      'upstream garbage',
      async () => {
        for (const malformed of ['schema', 'truncated', 'html']) {
          await fault({ malformed });
          await sleep(hold(5000, 2000));
          await clearFaults();
        }
        lastFaultEndedAt = Date.now();
        // The quiet period starts here: no more faults and no more signals, so the truth holds still.
        await simPost(simulator, '/_sim/generator', { action: 'pause' });
        return `answers that break the schema, then cut JSON, then an HTML page, ${hold(5000, 2000) / 1000} s each`;
      },
      0,
      0,
    );
    garbage.recoveredMs = garbage.inStepMs = null;

    // Quiet: how long each screen takes to equal the truth after the last fault.
    const convergeMs = new Map<SoakScreen, number>();
    const quietMax = Math.max(o.convergeTargetMs + 20_000, 30_000);
    log(`quiet: generator paused; comparing every screen with /_sim/truth for up to ${quietMax / 1000} s`);
    for (;;) {
      await check.refresh();
      const now = Date.now();
      for (const s of screens) {
        if (convergeMs.has(s)) continue;
        if (equalsTruth(s)) convergeMs.set(s, now - lastFaultEndedAt);
      }
      if (convergeMs.size === screens.length || now - lastFaultEndedAt > quietMax) break;
      await sleep(SAMPLE_MS);
    }
    log(
      `quiet: ${convergeMs.size}/${screens.length} screens equal to the truth, the last ${(Math.max(0, ...convergeMs.values()) / 1000).toFixed(1)} s after the last fault`,
    );

    // Live after all that: one signal per agency, seen by every screen.
    const liveStarted = Date.now();
    for (const agencyId of agencies) {
      const csNo = simulator.world.systemsOf(agencyId)[0].csNo;
      await simPost(simulator, '/_sim/signals', { csNo, eventId: 'B' });
    }
    const liveCheckMs = await untilAllEqual(15_000, liveStarted);
    log(
      `live check: a new alarm per agency ${liveCheckMs == null ? 'NOT on every screen within 15 s' : `on every screen in ${(liveCheckMs / 1000).toFixed(1)} s`}`,
    );

    // The verdict, with the shared helper.
    await check.refresh();
    const finals = screens.map((s) => {
      const equal = s.refs.every((ref) => check.exactlyEqual(ref, s.replica(ref)?.rows ?? new Map()));
      return {
        screen: s.index,
        agencyId: s.agencyId,
        equal,
        convergeMs: convergeMs.get(s) ?? null,
        counts: s.counts(),
        differences: equal
          ? undefined
          : s.refs.map((ref) => ({
              feed: ref.feed,
              cursor: s.replica(ref)?.cursor ?? null,
              ...check.differences(ref, s.replica(ref)?.rows ?? new Map()),
            })),
      };
    });
    const sessionEvents = screens.flatMap((s) =>
      s.sessionEvents().map((x) => ({ screen: s.index, ...x, at: x.at - t0 })),
    );
    const refusals = screens.flatMap((s) =>
      s.refusals().map((x) => ({ screen: s.index, ...x, at: x.at - t0 })),
    );
    const errorsByCode: Record<string, number> = {};
    for (const s of screens)
      for (const [k, n] of s.errorsByCode()) errorsByCode[k] = (errorsByCode[k] ?? 0) + n;
    const stats1 = simulator.simulator.stats.snapshot().total;
    const pollers = w.report();
    const firstPollAfterLastFault = w.firstOkPollAfter(lastFaultEndedAt);
    for (const p of phases) {
      const from = p.startedAt + t0;
      const to = p.endedAt + t0;
      p.pollGapMaxMs = w.longestPollGap(from, to).ms;
      p.unownedMaxMs = Math.max(
        0,
        ...w
          .unownedPeriods()
          .filter((u) => u.to > from && u.from < to)
          .map((u) => u.to - Math.max(u.from, from)),
      );
    }
    const report = buildReport({
      options: { ...o, log: undefined, outDir: o.outDir },
      agencies,
      agenciesInSim: o.agencies,
      feeds: feeds.length,
      connectMs,
      phases,
      finals,
      ledger: { conflicts: ledger.conflicts(), summary: ledger.summary() },
      pollers,
      liveCheckMs,
      firstPollAfterLastFault,
      upstreamRequests: stats1 - stats0,
      signIns: sessions.signIns,
      errorsByCode,
      refusals,
      sessionEvents: sessionEvents.slice(0, 2000),
      unexpectedExits: pair.unexpectedExits,
      durationMs: Date.now() - t0,
      startedAt: t0,
      lastFaultEndedAt: lastFaultEndedAt,
    });
    writeFileSync(join(o.outDir, 'report.json'), JSON.stringify(report, null, 2));
    return report;
  } finally {
    process.off('exit', killChildren);
    if (sampler) clearInterval(sampler);
    for (const s of screens) s.close();
    await watch?.stop();
    await bridges?.stopAll();
    await sim?.close();
    await redis.stop();
  }
}
