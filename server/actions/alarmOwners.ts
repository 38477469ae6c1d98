import { z } from 'zod';
import { activeAlarmRowSchema, type ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { credentialFor } from '../rights/upstreamCredential';
import type { FeedStore } from '../feeds/feedTypes';
import { fetchAlarmsPage } from '../feeds/upstreamFeedFetch';
import type { BridgeSession } from '../session/sessionStore';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { isUpstreamError } from '../upstream/upstreamError';
import type { AuditTarget } from '../audit/auditEntry';
import { createLookupBudget, LookupsSpent, type LookupBudget } from './lookupBudget';

const PAGE = 1000;
const MAX_PAGES = 20;
/**
 * NOTE: 120 look-ups a minute per session is some 20 requests that each check a new alarm or
 * several new sites; a screen that acts as people do never meets it, and answers about a site are
 * kept a minute.
 */
const LOOKUP_BUDGET = { perMinute: 120, keepMs: 60_000 };
const alarmIdOf = z.looseObject({ alarminc_No: z.union([z.number(), z.string()]).transform(String) });

/** An active alarm as the bridge found it: its agency, and what it is on, as the upstream says. */
export interface ActiveAlarm {
  agencyId: string;
  csNo: string;
  siteNo: string;
  systemNo: string;
}

/**
 * Who owns what an action names, asked with the caller's own session, so that the answer is only
 * ever about agencies the caller may see. The bridge asks this before any lock, upstream action
 * or side effect (issue 10). Every upstream look-up is charged to the session (lookupBudget.ts);
 * one past its budget throws LookupsSpent.
 */
export interface AlarmOwners {
  /**
   * The alarm among the active alarms of the caller's agencies, or null. `fresh`: asked of the
   * upstream itself, not of the rows the feeds hold (to settle an attempt in doubt).
   */
  activeAlarm(
    session: BridgeSession,
    alarmId: string,
    opts?: { fresh?: boolean },
  ): Promise<ActiveAlarm | null>;
  /** Whether the upstream shows the caller this alarm at all (active or not). */
  maySeeAlarm(session: BridgeSession, alarmId: string): Promise<boolean>;
  /** Whether the upstream shows the caller the site, else the system (a test acts on a site's system). */
  maySeeAccount(session: BridgeSession, account: AccountRef): Promise<boolean>;
  /** The site and system of a CS#, as the upstream shows them to the caller; null if it shows none. */
  accountOf(session: BridgeSession, csNo: string): Promise<{ siteNo: string; systemNo: string } | null>;
}

export type AccountRef = Pick<AuditTarget, 'siteNo' | 'systemNo' | 'csNo'>;

const activeOf = (agencyId: string, row: ActiveAlarmRow): ActiveAlarm => ({
  agencyId,
  csNo: row.cs_No,
  siteNo: row.site_No,
  systemNo: row.system_No,
});

/** The row of `alarmId` among rows the feeds hold (read as the upstream's row, not cast). */
function heldRow(rows: readonly unknown[], alarmId: string): ActiveAlarmRow | null {
  const row = rows.find((r) => alarmIdOf.safeParse(r).data?.alarminc_No === alarmId);
  const parsed = activeAlarmRowSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}

const siteAnswer = z.looseObject(envelopeSchema().shape);
const idText = z.union([z.number(), z.string()]).transform(String);
/** What `OnTest/GetSystemData` must answer for the bridge to place a CS# (upstream:check reads it too). */
export const systemDataResult = z.looseObject({ site_no: idText, system_no: idText });
const systemAnswer = z.looseObject({ ...envelopeSchema().shape, result: systemDataResult });

/** An upstream that refuses the read (4xx) says no; one that fails says nothing, and that is thrown. */
function refusedIsNo(e: unknown): false {
  if (isUpstreamError(e) && (e.kind === 'http' || e.kind === 'rejected') && (e.details.status ?? 500) < 500)
    return false;
  throw e;
}

/** An envelope that answers something, with no errors and a valid session. */
function answered(json: unknown): boolean {
  const env = siteAnswer.safeParse(json);
  return (
    env.success &&
    env.data.isSessionValid !== false &&
    env.data.result != null &&
    (env.data.errors ?? []).length === 0
  );
}

/**
 * The agency of an alarm comes from the active-alarm rows the feeds already hold (no upstream
 * call while a screen watches the agency), else from a read of the agency's active alarms.
 */
export function createAlarmOwners(d: {
  store: FeedStore;
  upstream: UpstreamClient;
  budget?: LookupBudget;
}): AlarmOwners {
  const budget = d.budget ?? createLookupBudget(LOOKUP_BUDGET);
  const charge = (session: BridgeSession) => {
    if (!budget.charge(session.id)) throw new LookupsSpent();
  };

  async function upstreamRow(session: BridgeSession, agencyId: string, alarmId: string) {
    const ref = { feed: 'alarms' as const, agencyId };
    const cred = credentialFor(session.id, session.upstreamSessionId, session.profile);
    for (let page = 1; page <= MAX_PAGES; page++) {
      charge(session);
      const { rows } = await fetchAlarmsPage(d.upstream, ref, cred, page, PAGE);
      const row = rows.find((r) => r.alarminc_No === alarmId);
      if (row) return row;
      if (rows.length < PAGE) return null;
    }
    return null;
  }

  async function passThrough(session: BridgeSession, path: string, query: Record<string, string>) {
    charge(session);
    const sid = session.upstreamSessionId;
    const answer = await d.upstream
      .passThrough('GET', path, { sessionId: sid, query: { CurentsessionId: sid, ...query }, retry: true })
      .catch(refusedIsNo);
    return answer ? answered(answer.json) : false;
  }

  return {
    async activeAlarm(session, alarmId, { fresh = false } = {}) {
      const agencies = [...visibleAgencies(session.profile)];
      if (!fresh)
        for (const agencyId of agencies) {
          const held = await d.store.snapshot({ feed: 'alarms', agencyId }).catch(() => null);
          const row = held ? heldRow(held.rows, alarmId) : null;
          if (row) return activeOf(agencyId, row);
        }
      for (const agencyId of agencies) {
        const row = await upstreamRow(session, agencyId, alarmId).catch(refusedIsNo);
        if (row) return activeOf(agencyId, row);
      }
      return null;
    },
    maySeeAlarm: (session, alarmId) =>
      passThrough(session, 'Dashboard/GetActiveAlarmDetails', { AlarmIncNo: alarmId }),
    async accountOf(session, csNo) {
      const place = `OnTest/GetSystemData?${JSON.stringify({ CsNo: csNo })}#account`;
      const known = budget.known(session.id, place);
      if (known === false) return null;
      charge(session);
      const sid = session.upstreamSessionId;
      const answer = await d.upstream
        .passThrough('GET', 'OnTest/GetSystemData', {
          sessionId: sid,
          query: { CurentsessionId: sid, CsNo: csNo },
          retry: true,
        })
        .catch(refusedIsNo);
      const parsed = answer ? systemAnswer.safeParse(answer.json) : null;
      const ok =
        !!parsed?.success && parsed.data.isSessionValid !== false && (parsed.data.errors ?? []).length === 0;
      if (!ok || !parsed?.success) {
        budget.keep(session.id, place, false);
        return null;
      }
      return { siteNo: parsed.data.result.site_no, systemNo: parsed.data.result.system_no };
    },
    async maySeeAccount(session, { siteNo, systemNo, csNo }) {
      const [path, query] =
        siteNo !== null
          ? ['OnTest/GetSiteDetailsBySiteNo', { SiteNo: siteNo }]
          : systemNo !== null
            ? ['OnTest/GetSystemData', { SystemNo: systemNo }]
            : csNo !== null
              ? ['OnTest/GetSystemData', { CsNo: csNo }]
              : [null, null];
      if (path === null || query === null) return false;
      const place = `${path}?${JSON.stringify(query)}`;
      const known = budget.known(session.id, place);
      if (known !== undefined) return known;
      const yes = await passThrough(session, path, query);
      budget.keep(session.id, place, yes);
      return yes;
    },
  };
}
