import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf, text } from '../common/rowFields';

/** Unrestored zone (doc 3 §3). */
export const unrestoredZoneSchema = z.object({
  cs_no: text,
  site_no: text,
  system_no: text,
  site_name: text,
  alt_id: text,
  zone_id: text,
  comment: text,
  zonestate_id: text,
  event_id: text,
  event_descr: text,
  late_date: text,
  equiploc_id: text,
  descr: text,
  site_addr1: text,
  city_name: text,
});
export type UnrestoredZone = z.infer<typeof unrestoredZoneSchema>;

/** GET Report/GetUnrestoredZonesReport with ServcoNo. */
export function fetchUnrestoredZones(
  { servcoNo }: { servcoNo: string },
  signal?: AbortSignal,
): Promise<UnrestoredZone[]> {
  return getEnvelope('/api/Report/GetUnrestoredZonesReport', listOf(unrestoredZoneSchema), {
    query: { ServcoNo: servcoNo },
    signal,
  });
}
