import { useApiQuery } from '../../lib/query/useApiQuery';
import { activeAlarmDetails, type AlarmDetailRow } from './alarmActionsApi';

export type AlarmDetailsState =
  { status: 'loading' } | { status: 'ready'; rows: AlarmDetailRow[] } | { status: 'failed'; message: string };

/** The event rows of one alarm incident (GET Dashboard/GetActiveAlarmDetails), loaded when the dialog opens. */
export function useAlarmDetails(alarmIncNo: string): AlarmDetailsState {
  const q = useApiQuery(['alarmDetails', alarmIncNo], (signal) => activeAlarmDetails(alarmIncNo, signal));
  if (q.status === 'ready' || q.status === 'empty') return { status: 'ready', rows: q.data };
  if (q.status === 'error') return { status: 'failed', message: q.message };
  return { status: 'loading' };
}
