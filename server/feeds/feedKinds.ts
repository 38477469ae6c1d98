import { z } from 'zod';
import { countChart } from '../../shared/live/chartCounts';
import type { ChartCounts, FeedName, FeedRef, FeedRows } from '../../shared/live/protocol';
import { activeAlarmRowSchema, type ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import { eventLogRowSchema, type EventLogRow } from '../../shared/upstream/eventLogRow';
import type { UpstreamClient } from '../upstream/upstreamClient';
import type { FeedSource } from './agencyFeed';
import { createAlarmsSource } from './alarmsSource';
import { createHistorySource, rowTime } from './historySource';
import { createRowTextCache, withoutPageCount } from './rowTextCache';
import { createSystemsOnTestSource, fetchSystemsOnTest, SYSTEMS_ON_TEST_CALL } from './systemsOnTestSource';
import { ALARMS_CALL, fetchAlarmsPage, fetchHistoryPage, HISTORY_CALL } from './upstreamFeedFetch';

/** What a feed kind's source is built from, once per agency feed. */
export interface FeedSourceDeps {
  ref: FeedRef;
  /** The upstream, each request of it within the request budget (feedManager.ts). */
  upstream: UpstreamClient;
  /** How far back an event history reaches, and how often it is re-read whole. */
  windowMs: number;
  reconcileMs: number;
  clock(): number;
}

/**
 * One kind of live feed, described once: the bridge's feed manager, recorder, replay upstream
 * and presence read everything kind-specific from here. The wire half (the kind's name in
 * FEEDS and its row type in FeedRows) lives in shared/live/protocol.ts. How to add one:
 * docs/how-to-add.md.
 */
export interface FeedKind<F extends FeedName = FeedName> {
  /** The upstream call the feed polls (also the path a replay upstream answers). */
  upstreamPath: string;
  /** The row field the upstream sorts newest-first by; a replay upstream answers in that order. */
  sortColumn: keyof FeedRows[F] & string;
  /** Builds the source one agency's feed polls: it reads the upstream and diffs by row id. */
  source(d: FeedSourceDeps): FeedSource;
  /** A screen subscribing to this feed is told who is handling which alarm ("presence"). */
  presence: boolean;
  /**
   * Polled for the always-on agencies (ALWAYS_ON_AGENCIES) whether or not a screen watches, so
   * a screen opens warm and recordings cover every minute. Others run only while watched.
   */
  alwaysOn: boolean;
  /**
   * A row's time, for a kind whose windows grow large: a big snapshot then goes newest rows
   * first (server/live/snapshotParts.ts). Kinds without it always send snapshots whole.
   */
  rowTime?: (row: FeedRows[F]) => number;
  /**
   * The live chart's counts of a window at `now`, sent with the first part of a snapshot sent in
   * parts (SnapshotMessage.chartCounts): the screen's chart needs them before the rest is in.
   */
  chartCounts?: (rows: readonly FeedRows[F][], now: number) => ChartCounts[];
}

/** Times already parsed: each poll reads most active alarms again as the same objects. */
const alarmTimes = new WeakMap<ActiveAlarmRow, number>();

/** The absolute time of an active alarm (ISO with the site's offset); 0 when unreadable. */
function alarmTime(row: ActiveAlarmRow): number {
  let t = alarmTimes.get(row);
  if (t === undefined) {
    t = Date.parse(row.alarm_Date);
    if (Number.isNaN(t)) t = 0;
    alarmTimes.set(row, t);
  }
  return t;
}

export const FEED_KINDS: { readonly [F in FeedName]: FeedKind<F> } = {
  // docs/product/live-alarms-and-testing.md#screens: the agency's event history over the feed's
  // window, read head-first.
  events: {
    upstreamPath: HISTORY_CALL.path,
    sortColumn: HISTORY_CALL.sortColumn,
    presence: false,
    alwaysOn: true,
    rowTime,
    // NOTE: with the bridge's cached reading of the rows' times: the same instant as the screens'
    // (eventDateTime equals eventDate, both ISO with the site's offset; docs/upstream-api.md).
    chartCounts: (rows, now) => countChart(rows, now, rowTime),
    source: (d) => {
      // Rows read again unchanged come back as the same objects: no parse, no validation, and the
      // reconcile's diff compares them by identity.
      const rows = createRowTextCache(
        z.pipe(eventLogRowSchema(), z.transform(withoutPageCount<EventLogRow>)),
      );
      return createHistorySource({
        windowMs: d.windowMs,
        reconcileMs: d.reconcileMs,
        clock: d.clock,
        // The newest 500 rows make the first snapshot; the rest of the window streams in behind.
        firstPages: 1,
        fetchPage: async (page, count, read, wholeRead) => {
          if (wholeRead) rows.beginRead();
          return fetchHistoryPage(
            d.upstream,
            d.ref,
            read.credential,
            d.windowMs,
            page,
            count,
            read.signal,
            rows,
          );
        },
      });
    },
  },
  // docs/product/live-alarms-and-testing.md#screens: the agency's active alarms, read whole each
  // poll.
  alarms: {
    upstreamPath: ALARMS_CALL.path,
    sortColumn: ALARMS_CALL.sortColumn,
    presence: true,
    alwaysOn: true,
    // A large active set goes newest first too (issue 38): the grid's first page is the newest
    // alarms (alarm_Date descending), and a phone needs no more to show them.
    rowTime: alarmTime,
    source: (d) => {
      const rows = createRowTextCache(activeAlarmRowSchema.transform(withoutPageCount));
      return createAlarmsSource({
        fetchPage: async (page, count, read) => {
          // Every read of the active set is whole.
          if (page === 1) rows.beginRead();
          return fetchAlarmsPage(d.upstream, d.ref, read.credential, page, count, read.signal, rows);
        },
      });
    },
  },
  // docs/product/live-alarms-and-testing.md#alarm-testing: the agency's systems on test, read whole
  // each poll.
  systemsOnTest: {
    upstreamPath: SYSTEMS_ON_TEST_CALL.path,
    sortColumn: SYSTEMS_ON_TEST_CALL.sortColumn,
    presence: false,
    // NOTE: the Alarm Testing list, read while that screen is open; a third always-on request per
    // agency per poll would buy the walls and the replays nothing (docs/decisions.md, issue 22).
    alwaysOn: false,
    source: (d) =>
      createSystemsOnTestSource({
        fetchList: (read) => fetchSystemsOnTest(d.upstream, d.ref, read.credential, read.signal),
      }),
  },
};

/** The feed kinds whose screens hear presence. */
export const PRESENCE_FEEDS: readonly FeedName[] = (Object.keys(FEED_KINDS) as FeedName[]).filter(
  (f) => FEED_KINDS[f].presence,
);

/** The feed kinds kept polling for the always-on agencies. */
export const ALWAYS_ON_FEEDS: readonly FeedName[] = (Object.keys(FEED_KINDS) as FeedName[]).filter(
  (f) => FEED_KINDS[f].alwaysOn,
);
