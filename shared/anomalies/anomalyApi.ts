// zod/mini: the Live Alarm View loads these schemas with its first screen, where classic zod's
// extra weight is not wanted (issue 38).
import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

/**
 * Live anomalies (issue 39): runaway systems and repeat alarms seen on the event history as it
 * arrives. The thresholds a dealer's owner sets, the episodes screens, walls and pushes show, and
 * their words. Both ends import these schemas; the bridge validates every body with them. The
 * schemas are built on first use (onFirstUse): a screen that shows only the words loads none.
 */

export const ANOMALY_KINDS = ['runaway', 'repeatAlarms'] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

/**
 * Per dealer (agency). NOTE: defaults in docs/decisions.md, "Live anomalies": 20 signals in 60
 * minutes is a system that is stuck, not a busy opening; 3 alarms in 24 hours is the point where
 * a dealer calls the customer.
 */
export const DEFAULT_THRESHOLDS = {
  runawaySignals: 20,
  runawayMinutes: 60,
  repeatAlarms: 3,
  repeatHours: 24,
} as const;

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .check(
      z.int(`${what} must be a whole number.`),
      z.gte(min, `${what} must be between ${min} and ${max}.`),
      z.lte(max, `${what} must be between ${min} and ${max}.`),
    );

/**
 * The ranges: at least 2 (one signal is not a pattern); a runaway window of at most a day (1,440
 * minutes) and a repeat window of at most 24 hours (the event history the bridge holds).
 */
export const anomalyThresholdsSchema = onFirstUse(() =>
  z.strictObject({
    runawaySignals: whole('Runaway signals', 2, 1000),
    runawayMinutes: whole('Runaway window (minutes)', 1, 1440),
    repeatAlarms: whole('Repeat alarms', 2, 100),
    repeatHours: whole('Repeat alarms window (hours)', 1, 24),
  }),
);
export type AnomalyThresholds = z.infer<ReturnType<typeof anomalyThresholdsSchema>>;

/** `GET /api/anomalies/thresholds/:agencyId`: the agency's thresholds, and whether they are the defaults. */
export const thresholdsAnswerSchema = onFirstUse(() =>
  z.object({
    agencyId: z.string(),
    thresholds: anomalyThresholdsSchema(),
    defaults: z.boolean(),
  }),
);
export type ThresholdsAnswer = z.infer<ReturnType<typeof thresholdsAnswerSchema>>;

/** One open episode: one per kind and account until its count falls back under the threshold. */
export const anomalyEpisodeSchema = onFirstUse(() =>
  z.object({
    /** Unique per episode (a later episode of the same account has another id). */
    id: z.string(),
    agencyId: z.string(),
    kind: z.enum(ANOMALY_KINDS),
    csNo: z.string(),
    siteNo: z.string(),
    systemNo: z.string(),
    siteName: z.string(),
    /** Signals (runaway) or alarm events (repeat alarms) within the window now. */
    count: z.int(),
    /** The window the count is read over: minutes (runaway) or hours (repeat alarms). */
    window: z.int(),
    /** When the count reached the threshold (ms since the epoch, the crossing event's time). */
    startedAt: z.number(),
    /** Last change of the count (ms since the epoch). */
    updatedAt: z.number(),
  }),
);
export type AnomalyEpisode = z.infer<ReturnType<typeof anomalyEpisodeSchema>>;

/**
 * The live message `anomalies`: every open episode of one agency, sent when a screen subscribes to
 * its alarms, when it asks again (`anomalies.list`), and when a bridge takes the agency's feed over.
 */
export const anomaliesMessageSchema = onFirstUse(() =>
  z.object({
    agencyId: z.string(),
    episodes: z.array(anomalyEpisodeSchema()),
    /** Server time the list was read: a screen keeps the newest of what it heard. */
    at: z.number(),
    /** The revision of the agency's open set the list is (each opening or closing adds one). */
    rev: z.int().check(z.nonnegative()),
  }),
);
export type AnomaliesMessage = z.infer<ReturnType<typeof anomaliesMessageSchema>>;

/**
 * The same message with its episodes not yet checked: a screen checks only those it does not hold
 * already (client/src/lib/live/anomalyBook.ts).
 */
export const anomaliesEnvelopeSchema = onFirstUse(() =>
  z.object({
    agencyId: z.string(),
    episodes: z.array(z.unknown()),
    at: z.number(),
    rev: z.int().check(z.nonnegative()),
  }),
);

/**
 * The live message `anomalies.moved`: the open episodes of one agency whose count moved since the
 * last message, as they are now; the others are as they were. Openings and closings come as
 * `anomalies.changed`, so a screen's list keeps its members from those. `at` is when those
 * episodes were read.
 */
export const anomaliesMovedMessageSchema = onFirstUse(() =>
  z.object({ agencyId: z.string(), episodes: z.array(anomalyEpisodeSchema()), at: z.number() }),
);
export type AnomaliesMovedMessage = z.infer<ReturnType<typeof anomaliesMovedMessageSchema>>;

/** At most this many openings or closings in one `anomalies.changed` (more go as more messages). */
export const MAX_CHANGED = 200;

/**
 * The live message `anomalies.changed`: episodes that opened and closed, taking the agency's open
 * set from revision `from` to `rev` (docs/protocol.md, "Live anomalies"). A screen applies it to the
 * list of revision `from` only; on a gap it asks for the list again (`anomalies.list`). NOTE: an
 * opening sent the whole list (up to 200 episodes, about 9 KB) to every screen of the agency; on
 * a TV stick those lists were what the wall's live anomalies cost (issue 38).
 */
export const anomaliesChangedMessageSchema = onFirstUse(() =>
  z
    .object({
      agencyId: z.string(),
      from: z.int().check(z.nonnegative()),
      rev: z.int().check(z.positive()),
      at: z.number(),
      opened: z.array(anomalyEpisodeSchema()).check(z.maxLength(MAX_CHANGED)),
      closed: z.array(z.string()).check(z.maxLength(MAX_CHANGED)),
    })
    .check(z.refine((m) => m.rev > m.from, 'rev follows from')),
);
export type AnomaliesChangedMessage = z.infer<ReturnType<typeof anomaliesChangedMessageSchema>>;

/** Runaways first, then the oldest episode first: the order of every list a screen shows. */
export function sortEpisodes<E extends Pick<AnomalyEpisode, 'kind' | 'startedAt'>>(list: readonly E[]): E[] {
  return [...list].sort(
    (a, b) => (a.kind === b.kind ? 0 : a.kind === 'runaway' ? -1 : 1) || a.startedAt - b.startedAt,
  );
}

/** The strip's, wall banner's and push's words for an episode (issue 39, exactly). */
export function anomalyText(e: Pick<AnomalyEpisode, 'kind' | 'csNo' | 'count' | 'window'>): string {
  return e.kind === 'runaway'
    ? `Runaway: CS# ${e.csNo} sent ${e.count} signals in ${e.window} min`
    : `Repeat alarms: CS# ${e.csNo} had ${e.count} alarms in ${e.window} h`;
}

/** The comment "Place On Test" starts with for a runaway. */
export function placeOnTestComment(e: Pick<AnomalyEpisode, 'count'>): string {
  return `Runaway: ${e.count} signals`;
}
