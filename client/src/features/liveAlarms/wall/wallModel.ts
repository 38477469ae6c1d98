import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { eventTime } from '../model/eventFilters';

// The views are part of the wall displays' contract (a paired wall shows the ones chosen for it).
export { WALL_VIEWS, type WallView } from '../../../../../shared/walls/wallApi';

export const HOUR_MS = 3_600_000;

/** Events since `from`, counted by event type, largest first. */
export function countsByType(
  rows: readonly EventLogRow[],
  from: number,
): Array<{ type: string; count: number }> {
  const m = new Map<string, number>();
  for (const r of rows) if (eventTime(r).at >= from) m.set(r.eventrpt_id, (m.get(r.eventrpt_id) ?? 0) + 1);
  return [...m.entries()]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}
