import {
  CANCELLATION_EVENT_ID,
  CANCELLATION_RANGE,
  cancellationRowSchema,
  type CancellationRow,
} from '../../../../../shared/reports/alarmCancellation';
import { fetchDealerEventActivity, type MonthlySummary } from '../common/dealerEventActivityApi';

export async function fetchCancellations(
  { servcoNo }: { servcoNo: string },
  signal?: AbortSignal,
): Promise<{ rows: CancellationRow[]; months: MonthlySummary[] }> {
  const answer = await fetchDealerEventActivity(
    CANCELLATION_EVENT_ID,
    cancellationRowSchema,
    { servcoNo, range: CANCELLATION_RANGE },
    signal,
  );
  return { rows: answer.dealerEventActivityList, months: answer.dealerEventActivityMonthlySummary };
}
