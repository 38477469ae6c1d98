import {
  excessiveActivityQuery,
  excessiveRowSchema,
  EXCESSIVE_ACTIVITY_PATH,
  type ExcessiveRow,
} from '../../../../../shared/reports/excessiveAlarms';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf } from '../common/rowFields';

/** GET Home/GetExcessiveActivity with servcoNo and Mode (the range key). */
export function fetchExcessiveActivity(
  { servcoNo, range }: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<ExcessiveRow[]> {
  return getEnvelope(`/api/${EXCESSIVE_ACTIVITY_PATH}`, listOf(excessiveRowSchema), {
    query: excessiveActivityQuery(servcoNo, range),
    signal,
  });
}
