/**
 * The time since an alarm's signal, turning amber and then red past thresholds the user can set
 * (NOTE: the spec has none; defaults 5 and 15 minutes, docs/decisions.md).
 */
export interface AlarmThresholds {
  amberMinutes: number;
  redMinutes: number;
}

export const DEFAULT_THRESHOLDS: AlarmThresholds = { amberMinutes: 5, redMinutes: 15 };

export type AlarmAgeLevel = 'fresh' | 'amber' | 'red';

export function alarmAgeLevel(elapsedMs: number, t: AlarmThresholds): AlarmAgeLevel {
  const min = elapsedMs / 60_000;
  if (min >= t.redMinutes) return 'red';
  if (min >= t.amberMinutes) return 'amber';
  return 'fresh';
}

/** Reads saved thresholds; anything odd gives the defaults, and amber never exceeds red. */
export function parseThresholds(text: string | null): AlarmThresholds {
  try {
    const v = JSON.parse(text ?? '') as Partial<AlarmThresholds>;
    const amber = Number(v.amberMinutes);
    const red = Number(v.redMinutes);
    if (Number.isFinite(amber) && Number.isFinite(red) && amber > 0 && red > 0)
      return { amberMinutes: Math.min(amber, red), redMinutes: Math.max(amber, red) };
  } catch {
    // defaults
  }
  return DEFAULT_THRESHOLDS;
}
