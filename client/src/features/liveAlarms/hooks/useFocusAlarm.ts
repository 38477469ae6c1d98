import { useEffect, useRef } from 'react';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import { ALARM_NO_LONGER_ACTIVE } from '../../../../../shared/messages/alarmActionMessages';
import { showToast } from '../../../components/toast/toastStore';

/**
 * The alarm a link names (an alarm notification's click: `?alarm=`): once the alarms feed is
 * live, the grid scrolls to its row and its details open, once; an alarm no longer in the list
 * says so instead of leaving the dealer to search for it.
 */
export function useFocusAlarm(
  alarmId: string | null | undefined,
  rows: readonly ActiveAlarmRow[],
  live: boolean,
  focus: (row: ActiveAlarmRow) => void,
): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!alarmId || done.current === alarmId || !live) return;
    done.current = alarmId;
    const row = rows.find((r) => String(r.alarminc_No) === alarmId);
    if (row) focus(row);
    else showToast(ALARM_NO_LONGER_ACTIVE, 'info');
  }, [alarmId, rows, live, focus]);
}
