import type { PushMessage } from '../../shared/push/pushApi';
import { alarmLink } from '../../shared/push/pushApi';
import type { ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import type { PollReport } from '../feeds/agencyFeed';
import type { Logger } from '../observability/logger';
import { matchesAlarm } from './alarmMatch';
import type { PushNotifier } from './pushNotifier';
import type { PushRecord, PushStore } from './pushStore';

/** One push per alarm and device, across processes and takeovers, for this long. */
const ONCE_TTL_MS = 24 * 3_600_000;
/** An alarm nobody saw within 10 minutes is no longer news on a lock screen. */
const ALARM_TTL_SEC = 600;

function alarmTime(alarmDate: string, timeZone: string): string {
  const t = Date.parse(alarmDate);
  if (Number.isNaN(t)) return alarmDate;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(t);
}

/**
 * What a lock screen may show of an alarm: its type, site name, CS# and time (in the device's
 * time zone). No address, zone, contact or comment.
 */
export function alarmMessage(row: ActiveAlarmRow, agencyId: string, timeZone: string): PushMessage {
  const type = (row.event_Descr ?? '').trim() || 'ALARM';
  const siteName = (row.site_Name ?? '').trim();
  const at = alarmTime(row.alarm_Date, timeZone);
  return {
    title: type,
    body: [siteName, `CS# ${row.cs_No}`, at].filter(Boolean).join(' · '),
    url: alarmLink(agencyId, row.id),
    tag: `alarm:${row.id}`,
    alarm: { id: row.id, agencyId, type, siteName, csNo: row.cs_No, at: row.alarm_Date },
  };
}

/**
 * Hears every poll this process made (the feed manager's onPoll: only the holder of a feed's
 * lease polls it) and pushes each alarm new to an `alarms` feed to the devices that chose it,
 * once per alarm and device (a claim in the push store). Sends never hold up the poll.
 */
export function createAlarmPushes(d: {
  store: PushStore;
  notifier: Pick<PushNotifier, 'deliver'>;
  logger: Logger;
  clock?: () => number;
}) {
  const clock = d.clock ?? Date.now;
  const inFlight = new Set<Promise<void>>();

  async function devicesFor(agencyIds: string[]): Promise<PushRecord[]> {
    const lists = await Promise.all(agencyIds.map((id) => d.store.byAgency(id)));
    return [...new Map(lists.flat().map((r) => [r.id, r])).values()];
  }

  async function pushAlarm(feedAgencyId: string, row: ActiveAlarmRow, seenAt: number): Promise<void> {
    const agencyIds = [...new Set([feedAgencyId, ...(row.install_Servco_No ? [row.install_Servco_No] : [])])];
    const devices = await devicesFor(agencyIds);
    const type = row.event_Descr ?? '';
    await Promise.all(
      devices.map(async (r) => {
        if (!matchesAlarm(r.preferences, { agencyIds, type }, clock())) return;
        if (!(await d.store.claimOnce(`alarm:${row.id}:${r.id}`, ONCE_TTL_MS))) return;
        const outcome = await d.notifier.deliver(r, alarmMessage(row, feedAgencyId, r.preferences.timeZone), {
          ttlSec: ALARM_TTL_SEC,
          urgent: true,
        });
        d.logger.info({ alarm: row.id, device: r.id, outcome, latencyMs: clock() - seenAt }, 'alarm push');
      }),
    );
  }

  return {
    onPoll(report: PollReport): void {
      if (report.ref.feed !== 'alarms' || !report.ok || !report.added) return;
      for (const row of report.added as ActiveAlarmRow[]) {
        const p = pushAlarm(report.ref.agencyId, row, report.at)
          .catch((e: unknown) => d.logger.warn({ err: String(e), alarm: row.id }, 'alarm push failed'))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    },
    /** Resolves once the pushes under way have finished (closing). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
