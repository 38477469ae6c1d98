import { SCHEDULED_REPORTS } from '../../shared/schedules/scheduledReports';
import type { ScheduledReport } from '../../shared/schedules/scheduledReport';
import type { WallSummary } from '../../shared/walls/wallApi';
import type { Logger } from '../observability/logger';
import { agencyOfDevice, applyPushRights } from '../push/deliveryRights';
import type { PushStore } from '../push/pushStore';
import type { CurrentRightsReader, RightsVerdict } from '../rights/currentRights';
import type { RightsNotices } from '../rights/rightsNotices';
import { createRightsSweep, type UnattendedOwner } from '../rights/rightsSweep';
import { judgeSchedule, ownerGoneReason, SIGNED_OUT_REASON } from '../schedules/ownerRights';
import type { ScheduledEmails } from '../schedules/scheduledEmails';
import type { ScheduleRecord, ScheduleStore } from '../schedules/scheduleStore';
import type { Walls } from '../walls/walls';

export interface UnattendedRightsDeps {
  rights: Pick<CurrentRightsReader, 'read'>;
  notices: RightsNotices;
  scheduleStore: ScheduleStore;
  schedules: Pick<ScheduledEmails, 'setPaused'>;
  pushStore: PushStore;
  walls: Pick<Walls, 'recheckPairer' | 'revokePairer' | 'pairedBy' | 'showing'>;
  /** Every agency the bridge's identities read: where push devices and walls are looked for. */
  agencies(): Promise<string[]>;
  ownerRelationId: string;
  /** RIGHTS_SWEEP_MS. */
  everyMs: number;
  logger: Logger;
  clock?: () => number;
}

const reportOf = (id: string): ScheduledReport<unknown> | undefined =>
  (SCHEDULED_REPORTS as Record<string, ScheduledReport<unknown>>)[id];

type Known = Exclude<RightsVerdict, { kind: 'unknown' }>;

/**
 * What runs unattended follows its users' rights as the monitoring center holds them now
 * (server/rights): the sweep over every owner of a schedule, a reminder setting, a push device or
 * a wall; what a lost right stops; the notices the dealer's account owner reads; and what "Sign
 * out everywhere" does to a user's schedules (paused until confirmed) and walls (kept).
 */
export function createUnattendedRights(d: UnattendedRightsDeps) {
  const clock = d.clock ?? Date.now;
  const tell = (agencyId: string, user: string, text: string) =>
    d.notices
      .add({ at: clock(), agencyId, user, text })
      .catch((e: unknown) => d.logger.warn({ err: String(e) }, 'an owner notice was not kept'));

  async function pause(r: ScheduleRecord, why: string, extra: Partial<ScheduleRecord> = {}): Promise<void> {
    const paused = await d.schedules.setPaused(r, true);
    await d.scheduleStore.put({ ...paused, ...extra, pausedReason: why });
  }

  /** Every user behind unattended work, with the agency their rights are read under. */
  async function owners(): Promise<UnattendedOwner[]> {
    const out: UnattendedOwner[] = [];
    for (const r of await d.scheduleStore.list())
      if (!r.paused) out.push({ contactNumber: r.owner.contactNumber, agencyId: r.owner.agencyId });
    for (const p of await d.scheduleStore.allPrefs()) {
      const profile = await d.scheduleStore.profile(p.contactNumber);
      out.push({ contactNumber: p.contactNumber, agencyId: profile?.agencyId ?? '' });
    }
    const agencies = await d.agencies();
    for (const a of agencies)
      for (const r of await d.pushStore.byAgency(a))
        out.push({ contactNumber: r.userRef, agencyId: agencyOfDevice(r) });
    for (const w of await d.walls.showing(agencies))
      out.push({ contactNumber: w.pairedBy.contactNumber, agencyId: w.dealerId });
    return out;
  }

  /** Stops what one user's rights no longer allow, and tells the dealer's owner. */
  async function apply(owner: UnattendedOwner, verdict: Known): Promise<void> {
    const who = owner.contactNumber;
    for (const r of await d.scheduleStore.list()) {
      if (r.owner.contactNumber !== who || r.paused) continue;
      const report = reportOf(r.report);
      const check = report
        ? judgeSchedule(verdict, r, report, d.ownerRelationId)
        : { kind: 'refused' as const, why: ownerGoneReason(r) };
      if (check.kind !== 'refused') continue;
      await pause(r, check.why);
      await tell(
        r.owner.agencyId,
        r.owner.username,
        `Scheduled e-mail "${r.report}" of ${r.owner.name}: ${check.why}`,
      );
    }
    const removed = await applyPushRights(d.pushStore, who, verdict, d.ownerRelationId);
    const why =
      verdict.kind === 'gone'
        ? 'the user no longer exists at the monitoring center'
        : 'the user lost the Live Alarm View or an agency';
    if (removed.length > 0)
      await tell(
        agencyOfDevice(removed[0]),
        who,
        `${removed.length} alarm notification device(s) of user ${who} stopped: ${why}.`,
      );
    const revoked =
      verdict.kind === 'gone'
        ? await d.walls.revokePairer(who, 'the pairing user no longer exists upstream')
        : await d.walls.recheckPairer(verdict.rights, { agencies: true });
    for (const w of revoked)
      await tell(
        w.dealerId,
        w.pairedBy.username,
        `Wall display "${w.name}" of ${w.pairedBy.name} removed: ${why}.`,
      );
  }

  const sweep = createRightsSweep({
    rights: d.rights,
    owners,
    apply,
    everyMs: d.everyMs,
    logger: d.logger,
  });

  return {
    sweep,
    /** A run paused a schedule for its owner's rights: the dealer's owner is told. */
    async schedulePaused(r: ScheduleRecord, why: string): Promise<void> {
      await tell(
        r.owner.agencyId,
        r.owner.username,
        `Scheduled e-mail "${r.report}" of ${r.owner.name}: ${why}`,
      );
    },
    /**
     * "Sign out everywhere" at `at`: the user's schedules pause until the user resumes them from a
     * session created later; their walls stay and are named (to the user and the dealer's owner).
     */
    async signedOutEverywhere(
      user: { contactNumber: string; username: string; agencyId: string },
      at: number,
    ): Promise<{ pausedSchedules: number; keptWalls: WallSummary[] }> {
      let paused = 0;
      for (const r of await d.scheduleStore.list()) {
        if (r.owner.contactNumber !== user.contactNumber) continue;
        await pause(r, SIGNED_OUT_REASON, { confirmSince: at });
        paused++;
      }
      const keptWalls = await d.walls.pairedBy(user.contactNumber);
      if (paused > 0 || keptWalls.length > 0)
        await tell(
          user.agencyId,
          user.username,
          `${user.username} signed out everywhere: ${paused} scheduled e-mail(s) paused until they confirm them; ` +
            (keptWalls.length > 0
              ? `wall display(s) kept: ${keptWalls.map((w) => `"${w.name}"`).join(', ')}.`
              : 'no wall displays.'),
        );
      return { pausedSchedules: paused, keptWalls };
    },
  };
}
export type UnattendedRights = ReturnType<typeof createUnattendedRights>;
