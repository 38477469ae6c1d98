import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { count, listOf, siteFields, text } from '../common/rowFields';

/** Excessive activity row (doc 3 §3); the description comes as event_descr or event_desc. */
export const excessiveRowSchema = z
  .object({
    ...siteFields,
    system_no: text,
    cs_no: text,
    event_count: count,
    event_id: text,
    eventrpt_id: text,
    event_descr: text,
    event_desc: text,
  })
  .transform(({ event_desc, ...r }) => ({ ...r, event_descr: r.event_descr || event_desc }));
export type ExcessiveRow = z.infer<typeof excessiveRowSchema>;

/** GET Home/GetExcessiveActivity with servcoNo and Mode (the range key). */
export function fetchExcessiveActivity(
  { servcoNo, range }: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<ExcessiveRow[]> {
  return getEnvelope('/api/Home/GetExcessiveActivity', listOf(excessiveRowSchema), {
    query: { servcoNo, Mode: range },
    signal,
  });
}
