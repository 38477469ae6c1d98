import {
  dispatchAnswerSchema,
  dispatchQuery,
  DISPATCH_PATH,
  type DispatchRow,
} from '../../../../../shared/reports/agencyDispatch';
import { getEnvelope } from '../../../lib/api/apiClient';

/** GET Home/GetExcessiveDispatch with the range key (mode) and isCountIncluded; result.excessivedispatchResult. */
export async function fetchAgencyDispatches(
  { servcoNo, range }: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<DispatchRow[]> {
  const answer = await getEnvelope(`/api/${DISPATCH_PATH}`, dispatchAnswerSchema, {
    query: dispatchQuery(servcoNo, range),
    signal,
  });
  return answer.excessivedispatchResult;
}
