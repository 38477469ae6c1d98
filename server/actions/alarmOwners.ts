import type { ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import { z } from 'zod';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { credentialFor } from '../feeds/credentialPool';
import type { FeedStore } from '../feeds/feedTypes';
import { fetchAlarmsPage } from '../feeds/upstreamFeedFetch';
import type { BridgeSession } from '../session/sessionStore';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { isUpstreamError } from '../upstream/upstreamError';
import type { AuditTarget } from './auditEntry';

const PAGE = 1000;
const MAX_PAGES = 20;

/**
 * Who owns what an action names, asked with the caller's own session, so that the answer is only
 * ever about agencies the caller may see. The bridge asks this before any lock, upstream action
 * or side effect (issue 10).
 */
export interface AlarmOwners {
  /** The caller's agency whose active alarms hold the alarm the target names, or null. */
  alarmAgency(session: BridgeSession, target: AuditTarget): Promise<string | null>;
  /** Whether the upstream shows the caller the site, else the system (a test acts on a site's system). */
  maySeeAccount(session: BridgeSession, account: AccountRef): Promise<boolean>;
}

export type AccountRef = Pick<AuditTarget, 'siteNo' | 'systemNo' | 'csNo'>;

function matches(row: ActiveAlarmRow, t: AuditTarget): boolean {
  if (t.alarmId !== null) return row.alarminc_No === t.alarmId;
  if (t.systemNo !== null) return row.system_No === t.systemNo;
  return t.csNo !== null && row.cs_No === t.csNo;
}

const siteAnswer = z.looseObject(envelopeSchema.shape);

/** An upstream that refuses the read (4xx) says no; one that fails says nothing, and that is thrown. */
function refusedIsNo(e: unknown): false {
  if (isUpstreamError(e) && (e.kind === 'http' || e.kind === 'rejected') && (e.details.status ?? 500) < 500)
    return false;
  throw e;
}

/**
 * The agency of an alarm comes from the active-alarm rows the feeds already hold (no upstream
 * call while a screen watches the agency), else from a read of the agency's active alarms.
 */
export function createAlarmOwners(d: { store: FeedStore; upstream: UpstreamClient }): AlarmOwners {
  async function upstreamHas(session: BridgeSession, agencyId: string, t: AuditTarget) {
    const ref = { feed: 'alarms' as const, agencyId };
    const cred = credentialFor(session.id, session.upstreamSessionId, session.profile);
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { rows } = await fetchAlarmsPage(d.upstream, ref, cred, page, PAGE);
      if (rows.some((r) => matches(r, t))) return true;
      if (rows.length < PAGE) return false;
    }
    return false;
  }

  return {
    async alarmAgency(session, target) {
      if (target.alarmId === null && target.systemNo === null && target.csNo === null) return null;
      const agencies = [...visibleAgencies(session.profile)];
      for (const agencyId of agencies) {
        const held = await d.store.snapshot({ feed: 'alarms', agencyId }).catch(() => null);
        if (held?.rows.some((r) => matches(r as ActiveAlarmRow, target))) return agencyId;
      }
      for (const agencyId of agencies) {
        const has = await upstreamHas(session, agencyId, target).catch(refusedIsNo);
        if (has) return agencyId;
      }
      return null;
    },
    async maySeeAccount(session, { siteNo, systemNo, csNo }) {
      const sid = session.upstreamSessionId;
      const [path, query] =
        siteNo !== null
          ? ['OnTest/GetSiteDetailsBySiteNo', { CurentsessionId: sid, SiteNo: siteNo }]
          : systemNo !== null
            ? ['OnTest/GetSystemData', { CurentsessionId: sid, SystemNo: systemNo }]
            : csNo !== null
              ? ['OnTest/GetSystemData', { CurentsessionId: sid, CsNo: csNo }]
              : [null, null];
      if (path === null || query === null) return false;
      const answer = await d.upstream
        .passThrough('GET', path, { sessionId: sid, query, retry: true })
        .catch(refusedIsNo);
      if (!answer) return false;
      const env = siteAnswer.safeParse(answer.json);
      return (
        env.success &&
        env.data.isSessionValid !== false &&
        env.data.result != null &&
        (env.data.errors ?? []).length === 0
      );
    },
  };
}
