import { closeIncident } from '../world/alarmActions';
import { RESTORE_CODE, defaultCodeOf, resolveEventCode } from '../world/eventCatalog';
import { Rng, streamSeed } from '../world/random';
import { receiveSignal, type SignalResult } from '../world/signals';
import { clearTest, sweepExpiredTests } from '../world/testActions';
import type { IncidentOutcome } from '../world/types';
import type { World } from '../world/world';
import { operatorInitials, pickSignal } from './eventMix';
import { realScheduler, type Scheduler } from './scheduler';
import { technicianVisit, type ClearTestLater, type ForcedTest, type ZoneSignal } from './technician';
import { Timeline } from './timeline';

export interface GeneratorOptions {
  seed: number;
  /** Field signals per agency per minute. */
  ratePerMin: number;
  clock: () => number;
  scheduler?: Scheduler;
  /** How often the timer looks for due work. */
  tickMs?: number;
  /** Test placements per agency per day (technicians). */
  testsPerAgencyPerDay?: number;
}

type Action =
  | { kind: 'signal'; agencyId: string }
  | { kind: 'resolve'; alarmincNo: number; outcome: IncidentOutcome }
  | { kind: 'placeTest'; agencyId: string; forced?: ForcedTest }
  | ZoneSignal
  | ClearTestLater;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface GeneratorState {
  running: boolean;
  ratePerMin: number;
  /** Field signals emitted since the history was seeded. */
  emitted: number;
  /** Things scheduled: arrivals, restores, technicians. */
  pending: number;
}

/**
 * The live signal generator: a timeline of what is due (field signals as Poisson arrivals per
 * agency, operators resolving alarms, technicians placing and clearing tests), worked off by a
 * timer up to the clock's now. The 31-day history is made by the same code, fast-forwarded.
 */
export class SignalGenerator {
  private readonly timeline = new Timeline<Action>();
  private rng: Rng;
  private ratePerMin: number;
  private readonly testsPerDay: number;
  private readonly scheduler: Scheduler;
  private readonly tickMs: number;
  private handle: unknown = null;
  private pausedAt: number | null = null;
  private emitted = 0;
  private listeners = new Set<(r: SignalResult) => void>();

  constructor(
    private readonly world: World,
    private readonly opts: GeneratorOptions,
  ) {
    this.rng = new Rng(streamSeed(opts.seed, 'generator'));
    this.ratePerMin = Math.max(0, opts.ratePerMin);
    this.testsPerDay = opts.testsPerAgencyPerDay ?? 4;
    this.scheduler = opts.scheduler ?? realScheduler;
    this.tickMs = opts.tickMs ?? 250;
  }

  /** Called for every field signal the generator emits (not for bookkeeping events). */
  onSignal(fn: (r: SignalResult) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get running(): boolean {
    return this.handle != null;
  }

  state(): GeneratorState {
    return {
      running: this.running,
      ratePerMin: this.ratePerMin,
      emitted: this.emitted,
      pending: this.timeline.size,
    };
  }

  /**
   * Fills the store with history from `from` to `to` at `perAgencyPerDay` signals, then leaves
   * live arrivals scheduled from `to` at the live rate. Alarms still open at `to` stay active.
   */
  backfill(from: number, to: number, perAgencyPerDay: number, forced: ForcedTest[] = []): void {
    const historyRate = perAgencyPerDay / (24 * 60);
    for (const a of this.world.agencies) {
      if (historyRate > 0)
        this.timeline.push(from + this.rng.exponential(MINUTE / historyRate), {
          kind: 'signal',
          agencyId: a.agencyId,
        });
      if (this.testsPerDay > 0)
        this.timeline.push(from + this.rng.exponential(DAY / this.testsPerDay), {
          kind: 'placeTest',
          agencyId: a.agencyId,
        });
      for (const f of forced)
        this.timeline.push(to + f.startOffsetMs, { kind: 'placeTest', agencyId: a.agencyId, forced: f });
    }
    const live = this.ratePerMin;
    this.ratePerMin = historyRate;
    this.advanceTo(to);
    sweepExpiredTests(this.world, to);
    this.emitted = 0;
    this.ratePerMin = live;
    this.rescheduleArrivals(to);
    // Until started, nothing is due: a later start does not replay the time it was stopped.
    if (!this.running) this.pausedAt = to;
  }

  /** Starts the timer (idempotent). */
  start(): void {
    if (this.handle != null) return;
    if (this.pausedAt != null) {
      this.timeline.shift(this.opts.clock() - this.pausedAt);
      this.pausedAt = null;
    }
    this.handle = this.scheduler.setInterval(() => this.tick(), this.tickMs);
  }

  /** Stops everything scheduled from happening (signals, restores, technicians) until resume. */
  pause(): void {
    if (this.handle == null) return;
    this.scheduler.clearInterval(this.handle);
    this.handle = null;
    this.pausedAt = this.opts.clock();
  }

  resume(): void {
    this.start();
  }

  close(): void {
    if (this.handle != null) this.scheduler.clearInterval(this.handle);
    this.handle = null;
  }

  /** Works off everything due up to now (the timer's job; nothing happens while paused). */
  tick(): void {
    if (!this.running) return;
    const now = this.opts.clock();
    sweepExpiredTests(this.world, now);
    this.advanceTo(now);
  }

  /** Sets the live rate (signals per agency per minute) and redraws the arrivals. */
  setRate(ratePerMin: number): void {
    this.ratePerMin = Math.max(0, ratePerMin);
    this.rescheduleArrivals(this.opts.clock());
  }

  /** Emits `count` field signals now, spread over the agencies (or only the one given). */
  step(count = 1, agencyId?: string): SignalResult[] {
    const now = this.opts.clock();
    const agencies = agencyId
      ? this.world.agencies.filter((a) => a.agencyId === agencyId)
      : this.world.agencies;
    const out: SignalResult[] = [];
    for (let i = 0; i < count && agencies.length > 0; i++) {
      const r = this.emit(agencies[i % agencies.length].agencyId, now);
      if (r) out.push(r);
    }
    return out;
  }

  /** Forgets everything scheduled (used by a world reset). */
  reset(): void {
    this.timeline.clear();
    this.rng = new Rng(streamSeed(this.opts.seed, 'generator'));
    this.emitted = 0;
    this.pausedAt = this.running ? null : this.opts.clock();
  }

  private rescheduleArrivals(from: number): void {
    this.timeline.remove((a) => a.kind === 'signal');
    if (this.ratePerMin <= 0) return;
    for (const a of this.world.agencies) {
      this.timeline.push(from + this.rng.exponential(MINUTE / this.ratePerMin), {
        kind: 'signal',
        agencyId: a.agencyId,
      });
    }
  }

  private advanceTo(t: number): void {
    while (this.timeline.nextAt() <= t) {
      const next = this.timeline.pop();
      if (next) this.perform(next.item, next.at);
    }
  }

  private emit(agencyId: string, at: number): SignalResult | null {
    const input = pickSignal(this.world, this.rng, agencyId, at);
    if (!input) return null;
    const result = receiveSignal(this.world, input);
    this.emitted++;
    if (result.raised && result.incident)
      this.scheduleResolution(result.incident.alarmincNo, result.incident.eventrptId, at);
    for (const fn of this.listeners) fn(result);
    return result;
  }

  private scheduleResolution(alarmincNo: number, type: string, at: number): void {
    const rng = this.rng;
    const fire = type === 'F';
    const outcome = rng.weighted<IncidentOutcome>(
      ['restored', 'operator', 'dispatched', 'refused', 'cancelled'],
      fire ? [30, 15, 50, 2, 3] : [50, 22, 12, 3, 8],
    );
    // Most alarms are handled within minutes; some wait hours for a keyholder or a restore.
    const minutes = Math.min(480, rng.chance(0.12) ? 60 + rng.exponential(60) : 1 + rng.exponential(15));
    this.timeline.push(at + minutes * MINUTE, { kind: 'resolve', alarmincNo, outcome });
  }

  private perform(action: Action, at: number): void {
    const w = this.world;
    switch (action.kind) {
      case 'signal': {
        this.emit(action.agencyId, at);
        if (this.ratePerMin > 0)
          this.timeline.push(at + this.rng.exponential(MINUTE / this.ratePerMin), action);
        return;
      }
      case 'resolve': {
        const incident = w.incidents.get(action.alarmincNo);
        if (!incident || incident.closedAt != null) return;
        const user = action.outcome === 'cancelled' ? 'AASMS' : operatorInitials(this.rng);
        const comment = action.outcome === 'cancelled' ? 'CANCELED VIA AASMS TEXT APP' : null;
        closeIncident(w, incident, action.outcome, { at, user, comment });
        if ((action.outcome === 'dispatched' || action.outcome === 'refused') && incident.zoneId) {
          // The premises restore later, as a plain field signal.
          const restore: ZoneSignal = {
            kind: 'zoneSignal',
            systemNo: incident.systemNo,
            zoneId: incident.zoneId,
            restore: true,
            testSeqno: null,
          };
          this.timeline.push(at + (5 + this.rng.exponential(20)) * MINUTE, restore);
        }
        return;
      }
      case 'placeTest':
        // Technicians come a few times a day: a good moment to end the tests that ran out.
        sweepExpiredTests(w, at);
        for (const f of technicianVisit(w, this.rng, action.agencyId, at, action.forced))
          this.timeline.push(f.at, f.action);
        if (!action.forced && this.testsPerDay > 0)
          this.timeline.push(at + this.rng.exponential(DAY / this.testsPerDay), action);
        return;
      case 'zoneSignal':
        this.zoneSignal(action, at);
        return;
      case 'clearTest': {
        const test = w.tests.get(action.seqno);
        if (test && test.endedAt == null && test.expire > at)
          clearTest(w, test, { at, user: 'TECH', comment: 'TESTING COMPLETE' });
        return;
      }
    }
  }

  /** A zone's signal: on test (dropped once that test is over) or a late restore. */
  private zoneSignal(a: ZoneSignal, at: number): void {
    const w = this.world;
    if (a.testSeqno != null) {
      const test = w.tests.get(a.testSeqno);
      if (!test || test.endedAt != null || test.expire <= at) return;
    }
    const system = w.system(a.systemNo);
    const alarmType = w.zone(a.systemNo, a.zoneId)?.alarmType ?? 'B';
    const code = a.restore ? resolveEventCode(RESTORE_CODE[alarmType] ?? 'BR') : defaultCodeOf(alarmType);
    if (!system || !code) return;
    const result = receiveSignal(w, { system, code, at, zoneId: a.zoneId });
    if (result.raised && result.incident)
      this.scheduleResolution(result.incident.alarmincNo, result.incident.eventrptId, at);
  }
}
