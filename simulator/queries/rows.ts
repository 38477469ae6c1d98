import { EVENT_ROW_COLOURS } from '../world/eventCatalog';
import type { Incident, MonitoredSystem, SimEvent, Site } from '../world/types';
import type { World } from '../world/world';

/** An event as `AlarmBuffer/GetEventLogs` shows it (eventLogRowSchema). */
export interface EventLogWireRow {
  id: number;
  eventDate: string;
  eventDateTime: string;
  eventrpt_id: string;
  event_Id: string;
  description: string;
  isTestCleared: 'Y' | 'N';
  cS_: string;
  site_no: number;
  system_No: number;
  siteName: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
  color: string | null;
  colorCode: string | null;
  totalRows: number | null;
}

/** An active alarm as `AlarmBuffer/GetEventLogsLiveAlarm_Dev` shows it (activeAlarmRowSchema). */
export interface ActiveAlarmWireRow {
  id: number;
  cs_No: string;
  alarm_Date: string;
  event_Descr: string;
  site_Name: string;
  site_Addr1: string;
  site_Addr2: string | null;
  city_Name: string;
  siteloc_Descr: string | null;
  site_No: number;
  system_No: number;
  state_Id: string;
  zipcode: string;
  install_Servco_No: string;
  color: string;
  color_Code: string;
  contactNumber: number | null;
  alarminc_No: number;
  alarm_event_id: string;
  totalRows: number | null;
}

export function toEventLogRow(world: World, e: SimEvent, totalRows: number | null = null): EventLogWireRow {
  const site = world.requireSite(e.siteNo);
  const iso = world.siteIso(site, e.at);
  const colour = e.eventrptId === 'TE' ? undefined : EVENT_ROW_COLOURS[e.eventrptId];
  return {
    id: e.id,
    eventDate: iso,
    eventDateTime: iso,
    eventrpt_id: e.eventrptId,
    event_Id: e.eventId,
    description: e.description,
    isTestCleared: e.isTestCleared,
    cS_: e.csNo,
    site_no: e.siteNo,
    system_No: e.systemNo,
    siteName: site.name,
    address1: site.addr1,
    address2: site.addr2,
    city: site.city,
    state: site.state,
    zipcode: site.zip,
    color: colour?.color ?? null,
    colorCode: colour?.colorCode ?? null,
    totalRows,
  };
}

export function toActiveAlarmRow(
  world: World,
  i: Incident,
  totalRows: number | null = null,
): ActiveAlarmWireRow {
  const site = world.requireSite(i.siteNo);
  const zone = i.zoneId ? world.zone(i.systemNo, i.zoneId) : undefined;
  return {
    id: i.eventId,
    cs_No: i.csNo,
    alarm_Date: world.siteIso(site, i.at),
    event_Descr: world.events.get(i.eventId)?.description ?? i.description,
    site_Name: site.name,
    site_Addr1: site.addr1,
    site_Addr2: site.addr2,
    city_Name: site.city,
    siteloc_Descr: zone?.comment ?? null,
    site_No: i.siteNo,
    system_No: i.systemNo,
    state_Id: site.state,
    zipcode: site.zip,
    install_Servco_No: i.agencyId,
    color: i.color,
    color_Code: i.colorCode,
    contactNumber: world.contactsOfSite(i.siteNo)[0]?.contactNo ?? null,
    alarminc_No: i.alarmincNo,
    alarm_event_id: i.alarmEventId,
    totalRows,
  };
}

/**
 * An account (site + system) as search, recently accessed and account lists show it
 * (docs/product/shell-session-search.md#entities).
 */
export function toAccountRow(world: World, system: MonitoredSystem) {
  const site = world.requireSite(system.siteNo);
  const contact = world.contactsOfSite(site.siteNo)[0];
  return {
    acct_no: system.systemNo,
    cs_no: system.csNo,
    site_no: site.siteNo,
    system_no: system.systemNo,
    name: site.name,
    first_name: contact?.firstName ?? null,
    last_name: contact?.lastName ?? null,
    site_name: site.name,
    acct_status: site.acctStatus,
    address: site.addr1,
    address2: site.addr2,
    alt_id: site.altId,
    branch_no: site.branchNo,
    city: site.city,
    co_no: site.coNo,
    panel_id: system.panelId,
    phone: site.phone,
    rec_type: site.kind === 'commercial' ? 'C' : 'R',
    req_type: system.systype,
    state: site.state,
    zip_code: site.zip,
    servco_no: site.agencyId,
    install_servco_no: site.agencyId,
  };
}

/** Site info (GetSiteInfo): name and address, with the ZIP centroid as its coordinates. */
export function toSiteInfo(world: World, site: Site) {
  return {
    site_no: site.siteNo,
    site_name: site.name,
    site_addr1: site.addr1,
    site_addr2: site.addr2,
    city_name: site.city,
    state_id: site.state,
    zip_code: site.zip,
    country_name: 'USA',
    phone: site.phone,
    fullAddress: [site.addr1, site.addr2, site.city, `${site.state} ${site.zip}`].filter(Boolean).join(', '),
    lat: site.lat,
    lng: site.lng,
    /** NOTE: coordinates are the ZIP code's centroid, not the street address. */
    geoPrecision: 'zip',
    SiteUTCOffset: world.siteOffset(site),
  };
}
