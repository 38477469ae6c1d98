import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { count, listOf, siteFields, text } from '../common/rowFields';

/** Actual event row (doc 3 §3): one per alarm, event_count is the system's number of them. */
export const actualEventRowSchema = z.object({
  ...siteFields,
  system_no: text,
  cs_no: text,
  event_count: count,
  event_descr: text,
  event_id: text,
  event_date: text,
  alarminc_no: text,
});
export type ActualEventRow = z.infer<typeof actualEventRowSchema>;

/** GET Dashboard/GetActualEventDetails with ServcoNo and Mode (the range key). */
export function fetchActualEvents(
  { servcoNo, range }: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<ActualEventRow[]> {
  return getEnvelope('/api/Dashboard/GetActualEventDetails', listOf(actualEventRowSchema), {
    query: { ServcoNo: servcoNo, Mode: range },
    signal,
  });
}
