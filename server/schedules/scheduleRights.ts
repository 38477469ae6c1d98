import { menuTitles } from '../../shared/menu/upstreamMenuNeeds';
import type { ScheduledReport } from '../../shared/schedules/scheduledReport';
import { visibleAgencies, type PublicProfile } from '../../shared/upstream/loginProfile';
import { sessionMenuIds } from '../rights/menuRights';

/**
 * Whether a user, by a login record (at creation: their session's; at a run: their rights read
 * afresh, server/rights), may still read a report of
 * an agency: the report's menu item and the agency. Null when they may; else why not, as
 * Settings shows it on the paused schedule.
 */
export function reportRefusal(
  profile: Pick<
    PublicProfile,
    'sitePreferences' | 'RelationId' | 'agencyId' | 'agencyIdForCorpAccount' | 'serviceCompanyList'
  >,
  report: Pick<ScheduledReport<unknown>, 'menu' | 'title'>,
  agencyId: string,
  ownerRelationId: string,
): string | null {
  const menu = sessionMenuIds(profile, ownerRelationId);
  if (!report.menu.some((id) => menu.has(id)))
    return `Paused: the owner no longer has the ${menuTitles([...report.menu]).join(' or ')} menu.`;
  if (!visibleAgencies(profile).has(agencyId))
    return `Paused: the owner no longer has access to agency ${agencyId}.`;
  return null;
}
