import { randomUUID } from 'node:crypto';
import {
  anomalyText,
  MAX_CHANGED,
  sortEpisodes,
  type AnomaliesChangedMessage,
  type AnomaliesMessage,
  type AnomaliesMovedMessage,
  type AnomalyEpisode,
  type AnomalyThresholds,
} from '../../shared/anomalies/anomalyApi';
import type { EventLogRow } from '../../shared/upstream/eventLogRow';
import type { AuditEntry } from '../audit/auditEntry';
import type { PollReport } from '../feeds/agencyFeed';
import { rowTime } from '../feeds/historySource';
import type { Logger } from '../observability/logger';
import { createAnomalyDetector, signalOf, type AnomalyDetector } from './anomalyDetector';
import type { AnomalyStore } from './anomalyStore';
import { episodeChanges } from './episodeChanges';

/** A dealer's thresholds are read again this long after (a change on another bridge is heard within it). */
const THRESHOLDS_TTL_MS = 5000;
/**
 * An episode's count moving goes to the screens at most this often per agency; an episode opening
 * or closing goes at once (docs/decisions.md, "An anomaly's count reaches the screens within 5 s").
 */
const COUNTS_EVERY_MS = 5000;

export interface LiveAnomaliesDeps {
  store: AnomalyStore;
  /** The agency's open episodes to its screens and walls (its alarms feed's room on every bridge). */
  publish(msg: AnomaliesMessage): void;
  /** Episodes that opened and closed, to the same screens and walls. */
  publishChanged(msg: AnomaliesChangedMessage): void;
  /** Those whose count moved, to the same screens and walls. */
  publishMoved(msg: AnomaliesMovedMessage): void;
  /** A new episode to the devices that chose "Anomalies" (once: only the opener calls it). */
  alert(e: AnomalyEpisode): Promise<void>;
  record(entry: AuditEntry): Promise<void>;
  logger: Logger;
  newId?: () => string;
  /** The time windows are read at (tests move it on); default each poll's own time. */
  clock?: () => number;
  /** How often an episode's moved count is sent (COUNTS_EVERY_MS). */
  countsEveryMs?: number;
}

const thresholdOf = (e: AnomalyEpisode, t: AnomalyThresholds) =>
  e.kind === 'runaway' ? t.runawaySignals : t.repeatAlarms;

/**
 * Live anomalies on the bridge: hears every poll of an agency's event history this process made
 * (only the feed's lease holder polls it, so one process per agency, also with no screen open: the
 * always-on feeds), feeds the agency's detector and moves its episodes in the shared store. Only
 * the process whose `create` opened an episode alerts and audits it, so it is told once across
 * bridges and lease moves; a process taking over a feed learns its rows whole (report.resumed) and
 * finds the episode open already.
 */
export function createLiveAnomalies(d: LiveAnomaliesDeps) {
  const newId = d.newId ?? randomUUID;
  const countsEveryMs = d.countsEveryMs ?? COUNTS_EVERY_MS;
  /** Per agency, the send of its moved counts, due (set while one is waiting). */
  const countsDue = new Map<string, ReturnType<typeof setTimeout>>();
  /** Per agency, the episodes whose count moved since the last message. */
  const moved = new Map<string, Set<string>>();
  const detectors = new Map<string, AnomalyDetector>();
  /** Per agency, the work of one poll at a time, in order. */
  const queues = new Map<string, Promise<void>>();
  /** Episodes this process last knew open per agency: an agency with none and no finding reads nothing. */
  const knownOpen = new Map<string, number>();
  const limits = new Map<string, { t: AnomalyThresholds; at: number }>();
  /** Bumped by each change heard here: a read that started before it is not kept. */
  let limitsGeneration = 0;

  async function thresholdsOf(agencyId: string, now: number): Promise<AnomalyThresholds> {
    const kept = limits.get(agencyId);
    if (kept && now - kept.at < THRESHOLDS_TTL_MS) return kept.t;
    const generation = limitsGeneration;
    const { thresholds } = await d.store.thresholds(agencyId);
    // NOTE: a read that overlapped a change may hold the old values: used once, never kept.
    if (generation === limitsGeneration) limits.set(agencyId, { t: thresholds, at: now });
    return thresholds;
  }

  function audit(e: AnomalyEpisode, what: string, user?: { username: string; contactNumber: string }) {
    return d.record({
      id: randomUUID(),
      at: new Date().toISOString(),
      username: user?.username ?? 'bridge',
      contactNumber: user?.contactNumber ?? '',
      agencyId: e.agencyId,
      action: 'anomaly',
      alarmId: null,
      csNo: e.csNo,
      siteNo: e.siteNo,
      systemNo: e.systemNo,
      outcome: 'ok',
      message: `${what}: ${anomalyText(e)} (episode ${e.id})`,
    });
  }

  async function assess(agencyId: string, rows: Iterable<EventLogRow>, now: number, whole: boolean) {
    let det = detectors.get(agencyId);
    if (!det) detectors.set(agencyId, (det = createAnomalyDetector()));
    const signals = [];
    for (const r of rows) signals.push(signalOf(r, rowTime(r)));
    det.add(signals);
    const t = await thresholdsOf(agencyId, now);
    const found = det.assess(now, t);
    if (found.length === 0 && !whole && knownOpen.get(agencyId) === 0) return;
    const open = await d.store.open(agencyId);
    const ch = episodeChanges(agencyId, open, found, now, newId);
    const revised: Revision[] = [];
    for (const e of ch.opened) {
      const rev = await d.store.create(e);
      if (!rev) continue;
      revised.push({ rev, opened: e });
      d.logger.info({ agency: agencyId, csNo: e.csNo, kind: e.kind, episode: e.id }, 'anomaly opened');
      await audit(e, 'opened');
      // NOTE: not awaited: a slow push service never holds up the next poll's assessment.
      track(d.alert(e), e.id);
    }
    for (const e of ch.updated) {
      await d.store.update(e);
      const was = open.find((o) => o.id === e.id);
      const need = thresholdOf(e, t);
      // NOTE: an update is audited when the count reaches another multiple of the threshold, not
      // per signal: a runaway sending 300 signals is not 280 lines of the log.
      if (was && Math.floor(e.count / need) > Math.floor(was.count / need)) await audit(e, 'updated');
    }
    for (const e of ch.closed) {
      const rev = await d.store.close(e);
      if (!rev) continue;
      revised.push({ rev, closed: e.id });
      await audit(e, 'closed');
    }
    // A screen that joined meanwhile has the list from its subscribe; a new holder says it once.
    if (whole) return publishNow(agencyId);
    for (const msg of changedMessages(agencyId, revised, Date.now())) d.publishChanged(msg);
    if (ch.updated.length > 0) countsLater(agencyId, ch.updated);
    knownOpen.set(agencyId, open.length + ch.opened.length - ch.closed.length);
  }

  /** The agency's open episodes to its screens, read now; a send of moved counts waiting is done by it. */
  async function publishNow(agencyId: string) {
    clearTimeout(countsDue.get(agencyId));
    countsDue.delete(agencyId);
    moved.delete(agencyId);
    const { episodes, rev } = await d.store.listed(agencyId);
    knownOpen.set(agencyId, episodes.length);
    // NOTE: `at` is when the store was read (as `list` stamps it), so a screen keeping the newest
    // keeps the later state, also when a queued poll is assessed after the screen subscribed.
    d.publish({ agencyId, episodes: sortEpisodes(episodes), at: Date.now(), rev });
  }

  /**
   * The episodes whose count moved (and only they), as the store holds them then. NOTE: one
   * episode that closed meanwhile is not sent: its closing went as a change (`anomalies.changed`).
   */
  async function publishMoved(agencyId: string) {
    clearTimeout(countsDue.get(agencyId));
    countsDue.delete(agencyId);
    const ids = moved.get(agencyId);
    moved.delete(agencyId);
    if (!ids) return;
    const episodes = (await d.store.open(agencyId)).filter((e) => ids.has(e.id));
    if (episodes.length > 0) d.publishMoved({ agencyId, episodes: sortEpisodes(episodes), at: Date.now() });
  }

  /**
   * Moved counts only: sent with the next list, or in `countsEveryMs` at the latest, and then only
   * the episodes that moved. In a storm (an agency with hundreds of episodes open, each repeat
   * signal moving one count) every screen and wall got the whole list on each signal: with 200
   * open, about 50 KB a second to a phone, and on a TV stick 12-17 ms of main thread each at 6x
   * (issue 38); the whole list every 5 s still cost a TV stick 12-20 ms each time.
   */
  function countsLater(agencyId: string, updated: readonly AnomalyEpisode[]) {
    let ids = moved.get(agencyId);
    if (!ids) moved.set(agencyId, (ids = new Set()));
    for (const e of updated) ids.add(e.id);
    if (countsDue.has(agencyId)) return;
    const timer = setTimeout(() => {
      if (countsDue.get(agencyId) !== timer) return;
      void enqueue(agencyId, () =>
        countsDue.get(agencyId) === timer ? publishMoved(agencyId) : Promise.resolve(),
      );
    }, countsEveryMs);
    timer.unref?.();
    countsDue.set(agencyId, timer);
  }

  const alerts = new Set<Promise<void>>();
  function track(work: Promise<void>, episode: string): void {
    const p = work
      .catch((err: unknown) => d.logger.warn({ err: String(err), episode }, 'anomaly push failed'))
      .finally(() => alerts.delete(p));
    alerts.add(p);
  }

  function enqueue(agencyId: string, work: () => Promise<void>): Promise<void> {
    const next = (queues.get(agencyId) ?? Promise.resolve())
      .then(work)
      .catch((e: unknown) => d.logger.warn({ err: String(e), agency: agencyId }, 'anomalies not assessed'));
    queues.set(agencyId, next);
    void next.finally(() => {
      if (queues.get(agencyId) === next) queues.delete(agencyId);
    });
    return next;
  }

  return {
    /** The feed manager's onPoll: the event history's polls only. */
    onPoll(report: PollReport): void {
      if (report.ref.feed !== 'events' || !report.ok) return;
      const whole = !!(report.full || report.resumed);
      const rows = (whole ? report.rows?.values() : report.added) as Iterable<EventLogRow> | undefined;
      const now = d.clock ? d.clock() : report.at;
      void enqueue(report.ref.agencyId, () => assess(report.ref.agencyId, rows ?? [], now, whole));
    },
    /** The open episodes of an agency, for a screen that subscribes to its alarms. */
    async list(agencyId: string): Promise<AnomaliesMessage> {
      const { episodes, rev } = await d.store.listed(agencyId);
      return { agencyId, episodes: sortEpisodes(episodes), at: Date.now(), rev };
    },
    /** A test placed by a user on an account with an open episode: who acted on it, in the audit log. */
    observe(entry: AuditEntry): void {
      if (entry.action !== 'placeOnTest' || entry.outcome !== 'ok') return;
      const csNos = new Set([entry.csNo, ...(entry.tests ?? []).map((t) => t.csNo)].filter(Boolean));
      void d.store
        .open(entry.agencyId)
        .then(async (open) => {
          for (const e of open)
            if (csNos.has(e.csNo))
              await audit(e, 'acted on: placed on test', {
                username: entry.username,
                contactNumber: entry.contactNumber,
              });
        })
        .catch((e: unknown) => d.logger.warn({ err: String(e) }, 'anomaly action not audited'));
    },
    /** Settings changed on this process: read at the next poll. */
    forgetThresholds(agencyId: string): void {
      limitsGeneration++;
      limits.delete(agencyId);
    },
    /** Resolves once the polls heard are assessed; moved counts waiting to be sent still wait. */
    async assessed(): Promise<void> {
      await Promise.all([...queues.values()]);
    },
    /** Resolves once the work under way is done, moved counts waiting sent now (tests, closing). */
    async settled(): Promise<void> {
      await Promise.all([...queues.values()]);
      for (const agencyId of [...countsDue.keys()]) void enqueue(agencyId, () => publishMoved(agencyId));
      await Promise.all([...queues.values()]);
      await Promise.all([...alerts]);
    },
  };
}
export type LiveAnomalies = ReturnType<typeof createLiveAnomalies>;

/** One opening or closing of an agency's episodes, as the store numbered it. */
interface Revision {
  rev: number;
  opened?: AnomalyEpisode;
  closed?: string;
}

/**
 * The messages that say `revised`: one per run of revisions that follow each other (another
 * process's revision between two of them breaks the run: a screen holding it is not told twice).
 */
export function changedMessages(
  agencyId: string,
  revised: readonly Revision[],
  at: number,
): AnomaliesChangedMessage[] {
  const out: AnomaliesChangedMessage[] = [];
  let run: AnomaliesChangedMessage | null = null;
  for (const r of [...revised].sort((a, b) => a.rev - b.rev)) {
    const full = run && Math.max(run.opened.length, run.closed.length) >= MAX_CHANGED;
    if (!run || r.rev !== run.rev + 1 || full)
      out.push((run = { agencyId, from: r.rev - 1, rev: r.rev, at, opened: [], closed: [] }));
    run.rev = r.rev;
    if (r.opened) run.opened.push(r.opened);
    if (r.closed !== undefined) run.closed.push(r.closed);
  }
  return out;
}
