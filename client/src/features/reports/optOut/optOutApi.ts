import { gatewayAnswerSchema } from '../../../../../shared/upstream/envelope';
import { post } from '../../../lib/api/apiClient';
import { ApiError } from '../../../lib/api/apiError';
import { UNABLE_TO_PROCESS } from '../../../../../machines/messages';
import { OPT_OUT_METHOD, optOutRowSchema, type OptOutRow } from '../../../../../shared/reports/optOut';
import { listOf } from '../common/rowFields';

const rowsSchema = listOf(optOutRowSchema);

/**
 * The opt-out list through the alarm-incident gateway (docs/product/reports-and-settings.md#calls):
 * methodName GetOptOutListByServcoNo, arguments [servco_no]; the answer's Result and Errors. NOTE:
 * the first server error string is what the screen shows
 * (docs/product/reports-and-settings.md#messages).
 */
export async function fetchOptOutList(
  { servcoNo }: { servcoNo: string },
  signal?: AbortSignal,
): Promise<OptOutRow[]> {
  const answer = await post(
    '/api/MASAPI/APIRequest',
    { methodName: OPT_OUT_METHOD, arguments: [servcoNo] },
    { schema: gatewayAnswerSchema(), signal },
  );
  const errors = [answer.ErrorMessage ?? '', ...(answer.MessageCollection ?? [])].filter(
    (e) => e.trim() !== '',
  );
  if (errors.length > 0 || (answer.HttpStatusCode != null && answer.HttpStatusCode >= 400))
    throw new ApiError(200, 'api_errors', errors[0] ?? UNABLE_TO_PROCESS, errors);
  const rows = rowsSchema.safeParse(answer.Result);
  if (!rows.success) throw new ApiError(200, 'bad_response', UNABLE_TO_PROCESS);
  return rows.data;
}
