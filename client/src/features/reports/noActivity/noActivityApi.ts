import {
  noActivityQuery,
  noActivityRowSchema,
  NO_ACTIVITY_PATH,
  type NoActivityQuery,
  type NoActivityRow,
} from '../../../../../shared/reports/noActivity';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf } from '../common/rowFields';

/** GET Home/GetNoActivityReport with csNo, dateType, startDate. */
export function fetchNoActivity(q: NoActivityQuery, signal?: AbortSignal): Promise<NoActivityRow[]> {
  return getEnvelope(`/api/${NO_ACTIVITY_PATH}`, listOf(noActivityRowSchema), {
    query: noActivityQuery(q),
    signal,
  });
}
