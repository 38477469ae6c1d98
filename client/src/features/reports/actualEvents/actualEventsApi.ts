import {
  actualEventRowSchema,
  actualEventsQuery,
  ACTUAL_EVENTS_PATH,
  type ActualEventRow,
} from '../../../../../shared/reports/actualEvents';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf } from '../common/rowFields';

/** GET Dashboard/GetActualEventDetails with ServcoNo and Mode (the range key). */
export function fetchActualEvents(
  { servcoNo, range }: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<ActualEventRow[]> {
  return getEnvelope(`/api/${ACTUAL_EVENTS_PATH}`, listOf(actualEventRowSchema), {
    query: actualEventsQuery(servcoNo, range),
    signal,
  });
}
