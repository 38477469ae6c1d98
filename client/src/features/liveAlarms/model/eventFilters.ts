import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { dueFilter, type DueValue } from './dueWindow';
import { eventDateText, isTestEvent } from '../../../../../shared/live/eventFacts';
import { rowTime } from './siteTime';

/** What the event history toolbar selects; applied to the live rows locally. */
export interface EventFilter {
  /** Event type codes to keep; null keeps all ('All'). */
  types: ReadonlySet<string> | null;
  includeTests: boolean;
  /** Part of a CS#, case-insensitive; empty keeps all. */
  csNo: string;
  due: DueValue;
}

export const DEFAULT_EVENT_FILTER: EventFilter = { types: null, includeTests: false, csNo: '', due: 1 };

/** An event's time as the bridge reads it (shared/live/eventFacts.ts), cached on the row. */
export const eventTime = (r: EventLogRow) => rowTime(r, eventDateText);

/** A key that changes exactly when the filter's meaning changes (memo and incremental views). */
export function eventFilterKey(f: EventFilter): string {
  return JSON.stringify([
    f.types ? [...f.types].sort() : null,
    f.includeTests,
    f.csNo.trim().toUpperCase(),
    f.due,
  ]);
}

/** The predicate of a filter at `now` (the due window moves with time). */
export function eventPredicate(f: EventFilter, now: number): (r: EventLogRow) => boolean {
  const cs = f.csNo.trim().toUpperCase();
  const inDue = dueFilter(f.due, now);
  const types = f.types;
  return (r) => {
    if (types && !types.has(r.eventrpt_id)) return false;
    if (!f.includeTests && isTestEvent(r)) return false;
    if (cs && !r.cS_.toUpperCase().includes(cs)) return false;
    if (f.due === null) return true;
    const t = eventTime(r);
    return inDue(t.at, t.offsetMin);
  };
}
