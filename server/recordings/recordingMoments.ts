import type { FeedName } from '../../shared/live/protocol';
import type { RecordLine } from './recordingFormat';

/**
 * What a tester searches for: an event received, an alarm opened (it joined the active alarms),
 * changed or closed (it left them). `t` is when the bridge received it, as the screens saw it.
 */
export const MOMENT_KINDS = ['event', 'alarm.opened', 'alarm.changed', 'alarm.closed'] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

export interface Moment {
  t: number;
  agencyId: string;
  feed: FeedName;
  kind: MomentKind;
  csNo: string;
  rowId: string;
  /** The event's code (eventrpt_id, or the alarm's event id); '' when the row has none. */
  eventType: string;
  /** The event's description, as the screens show it. */
  text: string;
}

/** A row dated this long before its feed's recording began is old history read late, not a moment. */
const BACKFILL_SLACK_MS = 60_000;

type Row = Record<string, unknown> & { id: string };
const str = (v: unknown) => (v == null ? '' : String(v));

function describe(feed: FeedName, row: Row): Pick<Moment, 'csNo' | 'eventType' | 'text'> & { at: number } {
  if (feed === 'events')
    return {
      csNo: str(row.cS_),
      eventType: str(row.eventrpt_id ?? row.event_Id),
      text: str(row.description),
      at: Date.parse(str(row.eventDate)),
    };
  return {
    csNo: str(row.cs_No),
    eventType: str(row.alarm_event_id),
    text: str(row.event_Descr),
    at: Date.parse(str(row.alarm_Date)),
  };
}

/**
 * Follows one feed's recorded lines and names the moments each brings. The events and active
 * alarms feeds have moments; the systems on test do not (Alarm Testing is not replayed).
 * NOTE: rows of a `full` line are not moments (a recording starting, a lease taken over), nor are
 * rows dated before the feed's recording began (the rest of the window read in behind): only what
 * arrived while recorded.
 */
export function createMomentTracker() {
  const held = new Map<string, Row>();
  let since = -Infinity;

  return {
    observe(line: RecordLine): Moment[] {
      const feed = line.feed;
      if (line.kind === 'full') {
        if (since === -Infinity) since = line.t - BACKFILL_SLACK_MS;
        held.clear();
        for (const r of line.rows) held.set(r.id, r as Row);
        return [];
      }
      if (feed === 'systemsOnTest') return [];
      const out: Moment[] = [];
      const base = { t: line.t, agencyId: line.agencyId, feed };
      for (const r of line.upserts as Row[]) {
        const before = held.get(r.id);
        held.set(r.id, r);
        const { at, ...d } = describe(feed, r);
        if (!before) {
          if (!Number.isNaN(at) && at < since) continue;
          out.push({ ...base, kind: feed === 'events' ? 'event' : 'alarm.opened', rowId: r.id, ...d });
        } else if (feed === 'alarms') out.push({ ...base, kind: 'alarm.changed', rowId: r.id, ...d });
      }
      for (const id of line.removes) {
        const before = held.get(id);
        held.delete(id);
        if (feed !== 'alarms' || !before) continue;
        const { at: _opened, ...d } = describe(feed, before);
        out.push({ ...base, kind: 'alarm.closed', rowId: id, ...d });
      }
      return out;
    },
  };
}

/** The moments of one feed's lines (a file recording, read whole). */
export function momentsOf(lines: readonly RecordLine[]): Moment[] {
  const tracker = createMomentTracker();
  return lines.flatMap((l) => tracker.observe(l));
}
