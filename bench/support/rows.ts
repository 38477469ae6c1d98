import { activeAlarmRowSchema, type ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import { eventLogRowSchema, type EventLogRow } from '../../shared/upstream/eventLogRow';
import type { BenchSim } from './benchSim';

/** Real rows from the simulator, as the bridge holds them after validation. */
export async function sampleRows(bs: BenchSim) {
  const agencyId = bs.dealers[0];
  const events = (await bs.truth(agencyId, 'events')).map((r) => eventLogRowSchema().parse(r));
  const alarms = (await bs.truth(agencyId, 'alarms')).map((r) => activeAlarmRowSchema.parse(r));
  for (const r of [...events, ...alarms]) delete (r as { totalRows?: unknown }).totalRows;
  return { events, alarms };
}

const iso = (t: number) => new Date(t).toISOString().replace('Z', '-00:00');

/** `n` history rows shaped like the samples, spread evenly over the window ending `now`. */
export function historyRows(
  samples: EventLogRow[],
  n: number,
  windowMs: number,
  now: number,
  firstId = 10_000_000,
): EventLogRow[] {
  return Array.from({ length: n }, (_, i) => {
    const s = samples[i % samples.length];
    const t = now - windowMs + ((i + 0.5) * windowMs) / n;
    return { ...s, id: String(firstId + i), eventDate: iso(t), eventDateTime: iso(t) };
  });
}

/** `n` active alarms shaped like the samples. */
export function alarmRows(samples: ActiveAlarmRow[], n: number, firstId = 20_000_000): ActiveAlarmRow[] {
  return Array.from({ length: n }, (_, i) => ({
    ...samples[i % samples.length],
    id: String(firstId + i),
    alarminc_No: String(firstId + i),
    cs_No: `C${firstId + i}`,
  }));
}

export interface Churned<R> {
  next: R[];
  added: number;
  removed: number;
  changed: number;
}

/**
 * The next poll's rows after `fraction` of them changed: 40% of the churn new rows, 40% rows gone
 * (the oldest: a sliding window), 20% rows with a changed field. Every row is a fresh object, as a
 * freshly parsed answer would be, so a diff cannot shortcut on identity.
 */
export function churn<R extends { id: string }>(
  rows: R[],
  fraction: number,
  fresh: (i: number) => R,
  change: (r: R) => R,
): Churned<R> {
  const k = Math.max(1, Math.round(rows.length * fraction));
  const added = Math.max(1, Math.round(k * 0.4));
  const removed = Math.round(k * 0.4);
  const changed = k - added - removed;
  const kept = rows.slice(removed).map((r) => ({ ...r }));
  const step = Math.max(1, Math.floor(kept.length / Math.max(1, changed)));
  for (let i = 0, c = 0; c < changed && i < kept.length; i += step, c++) kept[i] = change(kept[i]);
  const next = [...kept, ...Array.from({ length: added }, (_, i) => fresh(i))];
  return { next, added, removed, changed };
}

export const changeHistory = (r: EventLogRow): EventLogRow => ({
  ...r,
  isTestCleared: r.isTestCleared === 'Y' ? 'N' : 'Y',
});
export const changeAlarm = (r: ActiveAlarmRow): ActiveAlarmRow => ({
  ...r,
  color: r.color === 'red' ? 'gold' : 'red',
});
