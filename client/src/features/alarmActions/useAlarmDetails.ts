import { useEffect, useState } from 'react';
import { failureMessage, isAbort } from '../../lib/api/apiError';
import { activeAlarmDetails, type AlarmDetailRow } from './alarmActionsApi';

export type AlarmDetailsState =
  { status: 'loading' } | { status: 'ready'; rows: AlarmDetailRow[] } | { status: 'failed'; message: string };

/** The event rows of one alarm incident (GET Dashboard/GetActiveAlarmDetails), loaded once per alarm. */
export function useAlarmDetails(
  alarmIncNo: string,
  load: typeof activeAlarmDetails = activeAlarmDetails,
): AlarmDetailsState {
  const [state, setState] = useState<AlarmDetailsState>({ status: 'loading' });
  useEffect(() => {
    const ac = new AbortController();
    setState({ status: 'loading' });
    load(alarmIncNo, ac.signal).then(
      (rows) => setState({ status: 'ready', rows }),
      (e: unknown) => {
        if (!isAbort(e)) setState({ status: 'failed', message: failureMessage(e) });
      },
    );
    return () => ac.abort();
  }, [alarmIncNo, load]);
  return state;
}
