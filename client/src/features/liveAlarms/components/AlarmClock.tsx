import { useNow } from '../hooks/useNow';
import { alarmAgeLevel, type AlarmThresholds } from '../model/alarmClock';
import { formatElapsed, rowTime } from '../model/siteTime';

/** A live time-since-signal clock; amber and red past the thresholds. */
export function AlarmClock({
  row,
  thresholds,
}: {
  row: { alarm_Date: string };
  thresholds: AlarmThresholds;
}) {
  const now = useNow(1000);
  const at = rowTime(row, (r) => r.alarm_Date).at;
  const elapsed = now - at;
  const level = alarmAgeLevel(elapsed, thresholds);
  return (
    <span
      className={`la-clock la-clock--${level}`}
      data-level={level}
      title={`Time since the signal (${level === 'fresh' ? 'recent' : level})`}
    >
      {Number.isNaN(at) ? '' : formatElapsed(elapsed)}
    </span>
  );
}
