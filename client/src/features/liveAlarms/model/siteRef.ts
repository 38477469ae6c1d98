import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { SiteRowLike } from '../../../reporting/map/siteGroups';
import type { SiteRef } from '../../../reporting/map/siteRef';

export type { SiteRef };
export { addressLine } from '../../../reporting/map/siteRef';

export const siteOfEvent = (r: EventLogRow): SiteRef => ({
  csNo: r.cS_,
  siteNo: r.site_no,
  systemNo: r.system_No,
  siteName: r.siteName ?? '',
  address1: r.address1 ?? '',
  address2: r.address2 ?? '',
  city: r.city ?? '',
  state: r.state ?? '',
  zip: r.zipcode ?? '',
});

export const siteOfAlarm = (r: ActiveAlarmRow): SiteRef => ({
  csNo: r.cs_No,
  siteNo: r.site_No,
  systemNo: r.system_No,
  siteName: r.site_Name ?? '',
  address1: r.site_Addr1 ?? '',
  address2: r.site_Addr2 ?? '',
  city: r.city_Name ?? '',
  state: r.state_Id ?? '',
  zip: r.zipcode ?? '',
});

export const groupRowOfEvent = (r: EventLogRow): SiteRowLike => ({
  ...siteOfEvent(r),
  description: r.description ?? '',
});
export const groupRowOfAlarm = (r: ActiveAlarmRow): SiteRowLike => ({
  ...siteOfAlarm(r),
  description: r.event_Descr ?? '',
});
