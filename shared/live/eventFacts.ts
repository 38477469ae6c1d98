import { parseSiteTime } from '../dates/siteTime';
import type { EventLogRow } from '../upstream/eventLogRow';

/**
 * What the screens and the bridge read of an event row alike: when it happened and whether it is
 * a test. One reading, so a count made by the bridge is the count a screen makes of the same rows.
 */

/** The text of an event's time: `eventDate` (docs/upstream-api.md: `eventDateTime` equals it). */
export const eventDateText = (r: Pick<EventLogRow, 'eventDate'>): string => r.eventDate;

/** The instant of an event, in milliseconds since the epoch; NaN when its text is unreadable. */
export const eventAt = (r: Pick<EventLogRow, 'eventDate'>): number => parseSiteTime(r.eventDate).at;

/**
 * A test event: a signal from a system on test (isTestCleared N) or of a test category (TE, T),
 * the same rule the upstream applies to IncludeTestEvents.
 */
export function isTestEvent(r: Pick<EventLogRow, 'isTestCleared' | 'eventrpt_id'>): boolean {
  return r.isTestCleared === 'N' || r.eventrpt_id === 'TE' || r.eventrpt_id === 'T';
}
