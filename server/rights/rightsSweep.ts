import { realTimers, type Timers } from '../support/timers';
import type { Logger } from '../observability/logger';
import type { CurrentRightsReader, RightsVerdict } from './currentRights';

/** A user behind something that runs unattended, with their own agency (which picks the identity). */
export interface UnattendedOwner {
  contactNumber: string;
  agencyId: string;
}

export interface RightsSweepDeps {
  rights: Pick<CurrentRightsReader, 'read'>;
  /** Every user who owns a schedule, a reminder setting, a push device or a wall, now. */
  owners(): Promise<UnattendedOwner[]>;
  /** Brings that user's work in line with their rights (`ok`) or stops it (`gone`). */
  apply(owner: UnattendedOwner, verdict: Exclude<RightsVerdict, { kind: 'unknown' }>): Promise<void>;
  /** RIGHTS_SWEEP_MS: the pause between the end of a sweep and the next. */
  everyMs: number;
  logger: Logger;
  timers?: Timers;
}

/**
 * Every few minutes, the current rights of every user behind unattended work, read afresh with
 * the bridge's identity: a removed menu, a deleted user or a lost agency stops their work within a
 * sweep, without their signing in. A user whose rights cannot be read keeps what runs until a
 * later sweep reads them. Sweeps never overlap; one failing user does not stop the others.
 */
export function createRightsSweep(d: RightsSweepDeps) {
  const timers = d.timers ?? realTimers;
  let timer: unknown = null;
  let stopped = true;
  let running: Promise<number> | null = null;

  async function sweepAll(): Promise<number> {
    const seen = new Set<string>();
    let gone = 0;
    for (const owner of await d.owners()) {
      if (seen.has(owner.contactNumber)) continue;
      seen.add(owner.contactNumber);
      try {
        const verdict = await d.rights.read(owner.contactNumber, owner.agencyId, { fresh: true });
        if (verdict.kind === 'unknown') continue;
        if (verdict.kind === 'gone') gone++;
        await d.apply(owner, verdict);
      } catch (e) {
        d.logger.warn({ contact: owner.contactNumber, err: String(e) }, 'rights sweep of a user failed');
      }
    }
    return gone;
  }

  /** One sweep now (shared with one under way); answers how many users were found gone. */
  function sweep(): Promise<number> {
    running ??= sweepAll().finally(() => (running = null));
    return running;
  }

  function next() {
    if (stopped) return;
    timer = timers.setTimeout(() => {
      void sweep()
        .catch((e: unknown) => d.logger.warn({ err: String(e) }, 'rights sweep failed'))
        .finally(next);
    }, d.everyMs);
  }

  return {
    sweep,
    start() {
      if (!stopped) return;
      stopped = false;
      next();
    },
    close() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
export type RightsSweep = ReturnType<typeof createRightsSweep>;
