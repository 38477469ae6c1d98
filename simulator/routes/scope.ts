import type { Response } from 'express';
import type { MonitoredSystem, ServiceCompany, Site } from '../world/types';
import type { World } from '../world/world';
import { refuse, UNAUTHORIZED_AGENCY } from './envelope';
import { zOptText } from './requestFields';
import type { Session } from './sessions';

/**
 * What a session may see: the agencies of its login record, nothing else. Every helper here
 * answers the refusal itself and returns undefined when the caller must stop.
 */

/** The agency a call asks for (its own when none is given), if the session may see it. */
export function agencyFor(
  world: World,
  session: Session,
  res: Response,
  requested: string | undefined,
): string | undefined {
  const asked = requested?.trim() || session.profile.agencyId;
  const agencyId = world.agencyIdOf(asked);
  if (!session.visible.has(asked) || !agencyId || !session.agencyIds.has(agencyId)) {
    refuse(res, [UNAUTHORIZED_AGENCY]);
    return undefined;
  }
  return agencyId;
}

/** The agency field of the reports (docs/product/reports-and-settings.md), spelled servcoNo, ServcoNo or Servco_no (any case). */
export const servcoFields = { ServcoNo: zOptText, Servco_no: zOptText };
export function servcoOf(q: { ServcoNo?: string; Servco_no?: string }): string | undefined {
  return q.ServcoNo ?? q.Servco_no;
}

/**
 * The agencies a report covers: the one named (if the session may see it), or every agency the
 * session sees when none is named.
 */
export function agenciesFor(
  world: World,
  session: Session,
  res: Response,
  requested: string | undefined,
): string[] | undefined {
  if (!requested?.trim()) return [...session.agencyIds];
  const agencyId = agencyFor(world, session, res, requested);
  return agencyId ? [agencyId] : undefined;
}

/** The service companies of the login record, or the one named (if the session may see it). */
export function companiesFor(
  world: World,
  session: Session,
  res: Response,
  requested: string | undefined,
): ServiceCompany[] | undefined {
  if (requested?.trim()) {
    const agencyId = agencyFor(world, session, res, requested);
    const company = agencyId ? world.serviceCompany(requested.trim()) : undefined;
    if (agencyId && !company) refuse(res, [UNAUTHORIZED_AGENCY]);
    return company ? [company] : undefined;
  }
  return session.profile.serviceCompanyList
    .map((c) => world.serviceCompany(c.servco_no))
    .filter((c): c is ServiceCompany => c != null);
}

/** Whether the session may see rows of this agency. */
export function maySee(session: Session, agencyId: string): boolean {
  return session.agencyIds.has(agencyId);
}

export function siteFor(
  world: World,
  session: Session,
  res: Response,
  siteNo: number | undefined,
): Site | undefined {
  const site = siteNo == null ? undefined : world.site(siteNo);
  if (!site) {
    refuse(res, ['Site not found.']);
    return undefined;
  }
  if (!maySee(session, site.agencyId)) {
    refuse(res, [UNAUTHORIZED_AGENCY]);
    return undefined;
  }
  return site;
}

export function systemFor(
  world: World,
  session: Session,
  res: Response,
  systemNo: number | undefined,
): MonitoredSystem | undefined {
  const system = systemNo == null ? undefined : world.system(systemNo);
  if (!system) {
    refuse(res, ['System not found.']);
    return undefined;
  }
  if (!maySee(session, system.agencyId)) {
    refuse(res, [UNAUTHORIZED_AGENCY]);
    return undefined;
  }
  return system;
}

export function accountFor(
  world: World,
  session: Session,
  res: Response,
  csNo: string | undefined,
): MonitoredSystem | undefined {
  const system = csNo ? world.systemByCsNo(csNo) : undefined;
  if (!system) {
    refuse(res, ['Account not found.']);
    return undefined;
  }
  if (!maySee(session, system.agencyId)) {
    refuse(res, [UNAUTHORIZED_AGENCY]);
    return undefined;
  }
  return system;
}
