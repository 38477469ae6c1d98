import * as z from 'zod/mini';
import { onFirstUse } from '../../../../../shared/onFirstUse';
import { get, post } from '../../../lib/api/apiClient';

/**
 * Recorded moments as the bridge finds them (server/recordings/recordingRoutes.ts); the schema is
 * built on the first search (the view loads this file with its first screen).
 */
const momentsSchema = onFirstUse(() =>
  z.object({
    moments: z.array(
      z.object({
        t: z.number(),
        agencyId: z.string(),
        feed: z.enum(['events', 'alarms', 'systemsOnTest']),
        kind: z.enum(['event', 'alarm.opened', 'alarm.changed', 'alarm.closed']),
        csNo: z.string(),
        rowId: z.string(),
        eventType: z.string(),
        text: z.string(),
        recording: z.string(),
        offsetMs: z.number(),
      }),
    ),
    truncated: z.boolean(),
  }),
);
export type FoundMoments = z.infer<ReturnType<typeof momentsSchema>>;
export type RecordedMoment = FoundMoments['moments'][number];

/** The moments' kinds in the dealer's words. */
export const MOMENT_LABELS: Record<RecordedMoment['kind'], string> = {
  event: 'Event',
  'alarm.opened': 'Alarm opened',
  'alarm.changed': 'Alarm changed',
  'alarm.closed': 'Alarm closed',
};

export interface MomentSearch {
  agencyId: string;
  from: number;
  to: number;
  csNo?: string;
  eventType?: string;
}

/** Moments of the agency's recordings by CS#, event type and time (the oldest first). */
export function searchMoments(q: MomentSearch): Promise<FoundMoments> {
  return get('/api/recordings/search', {
    query: {
      agencyId: q.agencyId,
      from: q.from,
      to: q.to,
      ...(q.csNo ? { csNo: q.csNo } : {}),
      ...(q.eventType ? { eventType: q.eventType } : {}),
    },
    schema: momentsSchema(),
  });
}

/** Every change of one account across the feeds, over a day from `from`. */
export function accountTimeline(csNo: string, from: number): Promise<FoundMoments> {
  return get('/api/recordings/timeline', { query: { csNo, from }, schema: momentsSchema() });
}

/** A time range of the agency's feeds as a recording file (the bridge audits who took what). */
export function exportRecording(agencyId: string, from: number, to: number): Promise<Blob> {
  return get<Blob>('/api/recordings/export', { query: { agencyId, from, to }, as: 'blob' });
}

/** Plays a recording file into this screen only (`screen`: its id); nothing of it is kept. */
export function importRecording(file: File, screen: string, feed: 'events' | 'alarms'): Promise<unknown> {
  return post('/api/recordings/import', file, { query: { screen, feed, name: file.name } });
}
