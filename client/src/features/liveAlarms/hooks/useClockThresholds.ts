import { useState } from 'react';
import { local } from '../../../lib/storage/clientStorage';
import { parseThresholds, type AlarmThresholds } from '../model/alarmClock';

const KEY = 'liveAlarms.clockThresholds';

/** The amber and red thresholds of the alarm clocks, kept in this browser. */
export function useClockThresholds(): [AlarmThresholds, (t: AlarmThresholds) => void] {
  const [t, setT] = useState(() => parseThresholds(local.get(KEY)));
  return [
    t,
    (next) => {
      const clean = parseThresholds(JSON.stringify(next));
      local.set(KEY, JSON.stringify(clean));
      setT(clean);
    },
  ];
}
