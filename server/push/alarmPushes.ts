import type { PushMessage } from '../../shared/push/pushApi';
import { alarmLink } from '../../shared/push/pushApi';
import type { ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import type { PollReport } from '../feeds/agencyFeed';
import type { Logger } from '../observability/logger';
import { matchesAlarm, matchesAnomaly } from './alarmMatch';
import type { PendingPush, PushClaims } from './pushClaims';
import type { PushNotifier } from './pushNotifier';
import type { PushRecord, PushStore } from './pushStore';

/** One push per alarm and device, across processes and takeovers, for this long once done. */
const ONCE_TTL_MS = 24 * 3_600_000;
/** An alarm nobody saw within 10 minutes is no longer news on a lock screen. */
const ALARM_TTL_SEC = 600;
/**
 * How long a claim holds while its push is sent. NOTE: well past a send's own limits (a DNS check
 * of 3 s, a push service's 5 s), so a live sender is never overtaken; a dead one's claim is taken
 * over this long after it died.
 */
export const CLAIM_LEASE_MS = 15_000;
/** A live anomaly is news on a lock screen for an hour (it lasts a window of an hour or more). */
const ANOMALY_TTL_SEC = 3600;
const NO_PREFERENCES: PushRecord['preferences'] = {
  alarmTypes: [],
  agencies: [],
  quietHours: null,
  timeZone: 'UTC',
};
/** How often every process looks for claims whose holder died. */
export const SWEEP_EVERY_MS = 2000;
const SWEEP_BATCH = 50;

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
 * once per alarm and device. A push is claimed briefly and recorded as pending, sent, then marked
 * done; a claim whose holder died runs out and the sweep (every process, every `sweepEveryMs`)
 * sends it. Sends never hold up the poll.
 */
export function createAlarmPushes(d: {
  store: PushStore;
  claims: PushClaims;
  notifier: Pick<PushNotifier, 'deliver'>;
  logger: Logger;
  clock?: () => number;
  /** 0: no sweep (a unit test sweeps by hand). */
  sweepEveryMs?: number;
  /** PUSH_TEST_HALT_AFTER_CLAIM: this process stops pushing right after a claim (tests only). */
  haltAfterClaim?: boolean;
}) {
  const clock = d.clock ?? Date.now;
  const inFlight = new Set<Promise<void>>();
  let halted = false;

  function track(work: Promise<void>, what: Record<string, unknown>): void {
    const p = work
      .catch((e: unknown) => d.logger.warn({ err: String(e), ...what }, 'alarm push failed'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  async function devicesFor(agencyIds: string[]): Promise<PushRecord[]> {
    const lists = await Promise.all(agencyIds.map((id) => d.store.byAgency(id)));
    return [...new Map(lists.flat().map((r) => [r.id, r])).values()];
  }

  /** Sends one claimed push and marks it done, whatever the push service answered. */
  async function send(r: PushRecord, p: PendingPush, seenAt: number): Promise<void> {
    const outcome = await d.notifier.deliver(r, p.message, { ttlSec: p.ttlSec, urgent: p.urgent });
    // NOTE: done only now. A process that dies between the push service's answer and this line
    // leaves the claim to run out and the push is sent again: its tag folds it into the first.
    await d.claims.settle(p.key, ONCE_TTL_MS);
    d.logger.info(
      { alarm: p.message.alarm?.id, device: r.id, outcome, latencyMs: clock() - seenAt },
      'alarm push',
    );
  }

  async function pushAlarm(feedAgencyId: string, row: ActiveAlarmRow, seenAt: number): Promise<void> {
    const agencyIds = [...new Set([feedAgencyId, ...(row.install_Servco_No ? [row.install_Servco_No] : [])])];
    const devices = await devicesFor(agencyIds);
    const type = row.event_Descr ?? '';
    await Promise.all(
      devices.map(async (r) => {
        if (halted || !matchesAlarm(r.preferences, { agencyIds, type }, clock())) return;
        const pending: PendingPush = {
          key: `alarm:${row.id}:${r.id}`,
          deviceId: r.id,
          alarm: { agencyIds, type },
          message: alarmMessage(row, feedAgencyId, r.preferences.timeZone),
          ttlSec: ALARM_TTL_SEC,
          urgent: true,
          notAfter: seenAt + ALARM_TTL_SEC * 1000,
        };
        if (!(await d.claims.claim(pending, CLAIM_LEASE_MS))) return;
        if (d.haltAfterClaim) {
          // Tests only: this process neither sends nor sweeps from here on, as if it had died.
          halted = true;
          d.logger.warn(
            { alarm: row.id, device: r.id },
            'alarm push claimed; halted before sending (PUSH_TEST_HALT_AFTER_CLAIM)',
          );
          return;
        }
        await send(r, pending, seenAt);
      }),
    );
  }

  /** Sends the pushes whose claim ran out (their sender died), still news, to devices still there. */
  async function sweep(): Promise<void> {
    if (halted) return;
    for (const p of await d.claims.reclaimExpired(CLAIM_LEASE_MS, SWEEP_BATCH)) {
      const r = await d.store.get(p.deviceId);
      const now = clock();
      const still = p.anomaly
        ? matchesAnomaly(r?.preferences ?? NO_PREFERENCES, p.alarm.agencyIds, now)
        : r != null && matchesAlarm(r.preferences, p.alarm, now);
      if (!r || now > p.notAfter || !still) {
        await d.claims.settle(p.key, ONCE_TTL_MS);
        continue;
      }
      d.logger.info(
        { alarm: p.message.alarm?.id, device: r.id },
        'alarm push taken over from a sender that stopped',
      );
      track(send(r, p, now), { alarm: p.message.alarm?.id });
    }
  }

  let sweeping = false;
  const sweepTimer =
    (d.sweepEveryMs ?? SWEEP_EVERY_MS) > 0
      ? setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          void sweep()
            .catch((e: unknown) => d.logger.warn({ err: String(e) }, 'sweeping alarm pushes failed'))
            .finally(() => (sweeping = false));
        }, d.sweepEveryMs ?? SWEEP_EVERY_MS)
      : null;
  sweepTimer?.unref();

  return {
    onPoll(report: PollReport): void {
      if (report.ref.feed !== 'alarms' || !report.ok || !report.added) return;
      for (const row of report.added as ActiveAlarmRow[])
        track(pushAlarm(report.ref.agencyId, row, report.at), { alarm: row.id });
    },
    /**
     * A live anomaly (server/anomalies) to the devices of its agency whose users chose
     * "Anomalies", outside their quiet hours and within their current rights: once per episode
     * and device, claimed as an alarm's push is.
     */
    async anomaly(
      agencyId: string,
      episodeId: string,
      message: (timeZone: string) => PushMessage,
    ): Promise<void> {
      const seenAt = clock();
      const devices = await devicesFor([agencyId]);
      await Promise.all(
        devices.map(async (r) => {
          if (halted || !matchesAnomaly(r.preferences, [agencyId], seenAt)) return;
          const pending: PendingPush = {
            key: `anomaly:${episodeId}:${r.id}`,
            deviceId: r.id,
            alarm: { agencyIds: [agencyId], type: '' },
            message: message(r.preferences.timeZone),
            ttlSec: ANOMALY_TTL_SEC,
            urgent: true,
            notAfter: seenAt + ANOMALY_TTL_SEC * 1000,
            anomaly: true,
          };
          if (!(await d.claims.claim(pending, CLAIM_LEASE_MS))) return;
          await send(r, pending, seenAt);
        }),
      );
    },
    /** Sends what other processes' dead senders left (the timer calls it; tests may too). */
    sweep,
    /** Stops the sweep; resolves once the pushes under way have finished (closing). */
    async settled(): Promise<void> {
      if (sweepTimer) clearInterval(sweepTimer);
      await Promise.all([...inFlight]);
    },
  };
}
