import {
  unrestoredZoneSchema,
  unrestoredZonesQuery,
  UNRESTORED_ZONES_PATH,
  type UnrestoredZone,
} from '../../../../../shared/reports/unrestoredZones';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf } from '../common/rowFields';

/** GET Report/GetUnrestoredZonesReport with ServcoNo. */
export function fetchUnrestoredZones(
  { servcoNo }: { servcoNo: string },
  signal?: AbortSignal,
): Promise<UnrestoredZone[]> {
  return getEnvelope(`/api/${UNRESTORED_ZONES_PATH}`, listOf(unrestoredZoneSchema), {
    query: unrestoredZonesQuery(servcoNo),
    signal,
  });
}
