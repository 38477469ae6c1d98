/**
 * Lookup lists of Place On Test (docs/product/live-alarms-and-testing.md#entities), as the upstream
 * spells them.
 */

export interface TestCategory {
  testcat_id: string;
  descr: string;
  default_hours: number;
  default_minutes: number;
  expire_event_id: string;
  max_default_exp_time: string;
  /** Hours, or minutes when it ends with M (docs/product/live-alarms-and-testing.md#states). */
  max_hours: string;
  oos_ok_flag: 'Y' | 'N';
  servtype_list: string;
  servtype_only_except: 'O' | 'E' | null;
}

export const TEST_CATEGORIES: readonly TestCategory[] = [
  {
    testcat_id: 'GEN',
    descr: 'GENERAL TEST',
    default_hours: 4,
    default_minutes: 0,
    expire_event_id: 'EXPTEST',
    max_default_exp_time: '8',
    max_hours: '8',
    oos_ok_flag: 'N',
    servtype_list: '',
    servtype_only_except: null,
  },
  {
    testcat_id: 'ALRM',
    descr: 'ALARM IN PROGRESS',
    default_hours: 2,
    default_minutes: 0,
    expire_event_id: 'EXPTEST',
    max_default_exp_time: '2',
    max_hours: '2',
    oos_ok_flag: 'N',
    servtype_list: '',
    servtype_only_except: null,
  },
  {
    testcat_id: 'SVC',
    descr: 'TECHNICIAN ON SITE',
    default_hours: 4,
    default_minutes: 30,
    expire_event_id: 'EXPTEST',
    max_default_exp_time: '12',
    max_hours: '12',
    oos_ok_flag: 'Y',
    servtype_list: '',
    servtype_only_except: null,
  },
  {
    testcat_id: 'FIREINSP',
    descr: 'FIRE INSPECTION',
    default_hours: 1,
    default_minutes: 0,
    expire_event_id: 'EXPTEST',
    max_default_exp_time: '4',
    max_hours: '4',
    oos_ok_flag: 'N',
    servtype_list: 'FIRE',
    servtype_only_except: 'O',
  },
  {
    testcat_id: 'QUICK',
    descr: 'QUICK TEST (30 MIN)',
    default_hours: 0,
    default_minutes: 30,
    expire_event_id: 'EXPTEST',
    max_default_exp_time: '30M',
    max_hours: '30M',
    oos_ok_flag: 'N',
    servtype_list: '',
    servtype_only_except: null,
  },
  {
    testcat_id: 'CONST',
    descr: 'CONSTRUCTION / REMODEL',
    default_hours: 0,
    default_minutes: 0,
    expire_event_id: 'EXPTEST',
    max_default_exp_time: '240',
    max_hours: '240',
    oos_ok_flag: 'Y',
    servtype_list: '',
    servtype_only_except: null,
  },
];

export const SIGNAL_FORMATS = [
  { sigform_id: 'CID', descr: 'CONTACT ID' },
  { sigform_id: 'SIA', descr: 'SIA DC-03' },
  { sigform_id: '4/2', descr: '4/2 PULSE' },
  { sigform_id: 'VID', descr: 'VIDEO' },
] as const;

export const SIGNAL_FORMAT_TYPES: Record<string, Array<{ sigtype_id: string; eventDescr: string }>> = {
  CID: [
    { sigtype_id: 'E130', eventDescr: 'BURGLARY' },
    { sigtype_id: 'E110', eventDescr: 'FIRE' },
    { sigtype_id: 'E120', eventDescr: 'PANIC' },
    { sigtype_id: 'E100', eventDescr: 'MEDICAL' },
    { sigtype_id: 'E121', eventDescr: 'DURESS' },
    { sigtype_id: 'E301', eventDescr: 'AC LOSS' },
    { sigtype_id: 'E302', eventDescr: 'LOW BATTERY' },
    { sigtype_id: 'E401', eventDescr: 'OPEN/CLOSE' },
    { sigtype_id: 'E602', eventDescr: 'PERIODIC TEST' },
  ],
  SIA: [
    { sigtype_id: 'BA', eventDescr: 'BURGLARY ALARM' },
    { sigtype_id: 'FA', eventDescr: 'FIRE ALARM' },
    { sigtype_id: 'PA', eventDescr: 'PANIC ALARM' },
    { sigtype_id: 'MA', eventDescr: 'MEDICAL ALARM' },
    { sigtype_id: 'HA', eventDescr: 'HOLDUP ALARM' },
    { sigtype_id: 'AT', eventDescr: 'AC TROUBLE' },
    { sigtype_id: 'RP', eventDescr: 'AUTOMATIC TEST' },
  ],
  '4/2': [
    { sigtype_id: '31', eventDescr: 'BURGLARY ZONE 1' },
    { sigtype_id: '11', eventDescr: 'FIRE ZONE 1' },
    { sigtype_id: '71', eventDescr: 'TROUBLE' },
  ],
  VID: [{ sigtype_id: 'VA', eventDescr: 'VIDEO ACTIVATION' }],
};

export const ZONE_STATES = [
  { zonestate_id: 'A', descr: 'ALARM' },
  { zonestate_id: 'R', descr: 'RESTORE' },
  { zonestate_id: 'T', descr: 'TROUBLE' },
  { zonestate_id: 'B', descr: 'BYPASS' },
  { zonestate_id: 'S', descr: 'SUPERVISORY' },
  { zonestate_id: 'O', descr: 'OPEN' },
] as const;

/** A category's longest test in minutes: max_hours in hours, or in minutes when it ends with M. */
export function maxTestMinutes(cat: TestCategory): number {
  const m = cat.max_hours.trim().toUpperCase();
  const n = Number.parseFloat(m);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return m.endsWith('M') ? n : n * 60;
}

/**
 * A category's default duration in minutes; 4 hours when both defaults are 0
 * (docs/product/live-alarms-and-testing.md#states).
 */
export function defaultTestMinutes(cat: TestCategory): number {
  const m = cat.default_hours * 60 + cat.default_minutes;
  return m > 0 ? m : 240;
}
