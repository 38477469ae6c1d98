import type { EventTypeCode } from '../../shared/eventTypes';

/** A service company: a dealer (D) whose agency id is its servco_no, or a corporate account (C). */
export interface ServiceCompany {
  servcoNo: string;
  name: string;
  type: 'D' | 'C';
  /** The agency whose sites the company's data covers (equals servcoNo for a dealer). */
  installServcoNo: string;
  addr1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  bannerImage: string;
}

/** A monitored agency (dealer or corporate account); its id is the owning servco_no. */
export interface Agency {
  agencyId: string;
  name: string;
  type: 'D' | 'C';
  homeState: string;
  /** 0-based position, used by the demo users to pick their agencies. */
  index: number;
}

export interface Site {
  siteNo: number;
  agencyId: string;
  name: string;
  kind: 'residential' | 'commercial';
  addr1: string;
  addr2: string | null;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  phone: string;
  altId: string;
  branchNo: string;
  coNo: string;
  /** A active, C cancelled. */
  acctStatus: 'A' | 'C';
  installedAt: number;
  cancelledAt: number | null;
  udf: [string, string, string, string];
  codeWords: [string, string];
}

export type ZoneKind =
  | 'door'
  | 'window'
  | 'motion'
  | 'glass'
  | 'smoke'
  | 'heat'
  | 'waterflow'
  | 'co'
  | 'flood'
  | 'panic'
  | 'holdup'
  | 'medical'
  | 'camera'
  | 'tamper'
  | 'supervisory';

export interface Zone {
  systemNo: number;
  zoneId: string;
  comment: string;
  kind: ZoneKind;
  /** The alarm type the zone reports. */
  alarmType: EventTypeCode;
  /** Y for a system-type-account zone (the 24-hour zones here). */
  stazFlag: 'Y' | 'N';
  equiplocId: string;
}

export interface MonitoredSystem {
  systemNo: number;
  siteNo: number;
  agencyId: string;
  csNo: string;
  seqno: number;
  systype: string;
  panelId: string;
  sigformId: string;
  zones: Zone[];
  /** Signals far more often than others (the Runaway report). */
  runaway: boolean;
}

export interface Contact {
  contactNo: number;
  agencyId: string;
  /** null for a dealer-level contact with no account. */
  siteNo: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  pin: string;
  idCode: string;
  /** Asked the automated text service not to message them (opt-out report). */
  optOut: boolean;
  twoFactor: boolean;
}

/** Who handles a dispatch: the police, fire department or EMS of the site's city. */
export interface DispatchAgency {
  agencyNo: string;
  agencyName: string;
  agencyPhone: string;
  agencytypeId: 'POL' | 'FIRE' | 'EMS';
}

/** One event of the store. Dates are instants; rows render them in the site's offset. */
export interface SimEvent {
  /** Global, increasing: newer events have larger ids. */
  id: number;
  at: number;
  agencyId: string;
  siteNo: number;
  systemNo: number;
  csNo: string;
  eventrptId: EventTypeCode;
  eventId: string;
  description: string;
  zoneId: string | null;
  comment: string | null;
  /** The on-test record the event belongs to, 0 when none. */
  testSeqno: number;
  /** N while the event's test is on; Y otherwise. */
  isTestCleared: 'Y' | 'N';
  alarmincNo: number | null;
  /** Operator initials or the web user who caused it. */
  user: string | null;
  dispatch: DispatchAgency | null;
}

export type IncidentOutcome = 'restored' | 'operator' | 'cleared' | 'dispatched' | 'refused' | 'cancelled';

/** An alarm incident; active while `closedAt` is null. */
export interface Incident {
  alarmincNo: number;
  /** The event that raised it (also the active alarm row's id). */
  eventId: number;
  agencyId: string;
  siteNo: number;
  systemNo: number;
  csNo: string;
  at: number;
  eventrptId: EventTypeCode;
  alarmEventId: string;
  description: string;
  zoneId: string | null;
  color: string;
  colorCode: string;
  /** Every event of the incident, the raising one first. */
  eventIds: number[];
  closedAt: number | null;
  outcome: IncidentOutcome | null;
  closedBy: string | null;
  comment: string | null;
  dispatch: DispatchAgency | null;
}

/** A system (some or all of its zones) on test. */
export interface OnTest {
  seqno: number;
  agencyId: string;
  siteNo: number;
  systemNo: number;
  csNo: string;
  testcatId: string;
  effective: number;
  expire: number;
  allZones: boolean;
  zoneList: string[];
  servtypeList: string[];
  zonestateList: string[];
  sigformId: string | null;
  sigtypeList: string[];
  comment: string;
  createdBy: string;
  createdAt: number;
  /** Set when cleared or expired. */
  endedAt: number | null;
  endedHow: 'cleared' | 'expired' | null;
}
