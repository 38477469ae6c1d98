import {
  TEST_EFFECTIVE_INVALID,
  TEST_EXPIRE_BEFORE_EFFECTIVE,
  TEST_EXPIRE_INVALID,
  TEST_SELECT_CATEGORY,
  TEST_SELECT_EFFECTIVE,
  TEST_SELECT_EXPIRE,
  TEST_SELECT_SERVICE_TYPE,
  TEST_SELECT_SIGNAL_FORMAT,
  TEST_SELECT_SIGNAL_TYPE,
  TEST_SELECT_SITE,
  TEST_SELECT_ZONE,
  TEST_SELECT_ZONE_STATES,
  testExpireAfterMax,
} from '../messages';
import { formatFormDate, maxExpiry, toMinute } from '../../shared/onTest/siteDates';
import { baseRecord, type OnTestRecord, type TestCategory, type TestLimits } from './onTest';

/**
 * The general (site) Place On Test form of docs/product/live-alarms-and-testing.md#screens,
 * #entities, #states, #validation: its lookups, its selections and the pure rules the machine
 * applies (validation, the Only/Except lists, the saved record).
 */

export interface ServiceType {
  servtype_id: string;
  descr: string | null;
}
export interface SignalFormat {
  sigform_id: string;
  descr: string;
}
export interface SignalFormatType {
  sigtype_id: string;
  eventDescr: string;
}
export interface ZoneState {
  zonestate_id: string;
  descr: string;
}
export interface SiteSystem {
  system_no: string;
  cs_no: string;
}
export interface TestZone {
  system_no: string;
  zone_id: string;
  comment: string | null;
  /** Y for a zone of the system-type account (the 'List STA zones' list). */
  staz_flag: 'Y' | 'N';
  on_test_flag: 'Y' | 'N';
}

/** What the form loads when a site is chosen. */
export interface SiteTestLookups {
  categories: TestCategory[];
  serviceTypes: ServiceType[];
  signalFormats: SignalFormat[];
  zoneStates: ZoneState[];
  systems: SiteSystem[];
  zones: TestZone[];
  /** SiteUTCOffset in minutes; null when the upstream does not say. */
  siteUtcOffset: number | null;
}

/** A multi-select with the Only/Except toggle (docs/product/live-alarms-and-testing.md#states). */
export interface ChoiceList {
  selected: string[];
  except: boolean;
}

/** Whole systems, or chosen zones of one system (the Zones chooser). */
export type TestTarget = 'systems' | 'zones';

export interface SiteTestForm {
  categoryId: string | null;
  /** Site milliseconds. */
  effective: number | null;
  expire: number | null;
  /** False while the effective date is the "now" the form opened with. */
  effectiveEdited: boolean;
  target: TestTarget;
  systems: string[];
  zoneSystem: string | null;
  /** 'List STA zones' is ticked. */
  staZones: boolean;
  zones: string[];
  serviceTypes: ChoiceList;
  signalFormat: string | null;
  signalTypes: ChoiceList;
  zoneStates: string[];
  comment: string;
}

/** Toggles one value in a list, keeping the options' order. */
export function toggle(list: readonly string[], value: string, order: readonly string[]): string[] {
  const next = new Set(list);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return order.filter((o) => next.has(o));
}

/**
 * The Only/Except toggle is shown only when something is selected and more than one option exists
 * (docs/product/live-alarms-and-testing.md#states).
 */
export const showsOnlyExcept = (selected: readonly string[], optionCount: number): boolean =>
  selected.length > 0 && optionCount > 1;

/**
 * What a choice list sends: the selection, or with Except every option not selected
 * (docs/product/live-alarms-and-testing.md#states).
 */
export function sentChoices(choice: ChoiceList, options: readonly string[]): string[] {
  if (!choice.except || !showsOnlyExcept(choice.selected, options.length)) return choice.selected;
  return options.filter((o) => !choice.selected.includes(o));
}

/** The zones listed by the Zones chooser: the system's zones, or only its STA zones. */
export function zonesListed(zones: readonly TestZone[], systemNo: string | null, sta: boolean): TestZone[] {
  return zones.filter((z) => z.system_no === systemNo && (!sta || z.staz_flag === 'Y'));
}

export interface ValidationContext {
  /** Site milliseconds now. */
  now: number;
  limits: TestLimits | null;
  signalTypeOptions: number;
}

/**
 * The first failing rule of docs/product/live-alarms-and-testing.md#validation for the general
 * form, or `null`, in the order the spec lists them. NOTE: the form works to the minute, so
 * "earlier than the current site time" means before the current minute; the "now" the form opened
 * with counts as now until it is edited.
 */
export function validateSiteTest(form: SiteTestForm, v: ValidationContext): string | null {
  if (form.categoryId === null) return TEST_SELECT_CATEGORY;
  if (form.target === 'systems' && form.systems.length === 0) return TEST_SELECT_SITE;
  if (form.target === 'zones' && (form.zoneSystem === null || form.zones.length === 0))
    return TEST_SELECT_ZONE;
  if (form.effective === null) return TEST_SELECT_EFFECTIVE;
  if (form.effectiveEdited && form.effective < toMinute(v.now)) return TEST_EFFECTIVE_INVALID;
  if (form.expire === null) return TEST_SELECT_EXPIRE;
  if (form.expire < v.now) return TEST_EXPIRE_INVALID;
  if (form.expire < form.effective) return TEST_EXPIRE_BEFORE_EFFECTIVE;
  const max = maxExpiry(form.effective, v.limits);
  if (max !== null && form.expire > max) return testExpireAfterMax(formatFormDate(max));
  if (form.serviceTypes.selected.length === 0) return TEST_SELECT_SERVICE_TYPE;
  if (form.signalFormat === null) return TEST_SELECT_SIGNAL_FORMAT;
  if (form.signalTypes.selected.length === 0 && v.signalTypeOptions > 0) return TEST_SELECT_SIGNAL_TYPE;
  if (form.zoneStates.length === 0) return TEST_SELECT_ZONE_STATES;
  return null;
}

export interface RecordInput {
  siteNo: string;
  changeUser: string;
  lookups: Pick<SiteTestLookups, 'serviceTypes' | 'systems' | 'zones'>;
  signalTypeOptions: readonly string[];
  commentPrefix: string;
}

/**
 * The on-test record of `OnTest/SaveOnTest` for a valid form
 * (docs/product/live-alarms-and-testing.md#entities).
 */
export function siteTestRecord(form: SiteTestForm, r: RecordInput): OnTestRecord {
  const siteSystems = r.lookups.systems.map((s) => s.system_no);
  const bySystems = form.target === 'systems';
  const systems = bySystems ? form.systems : form.zoneSystem === null ? [] : [form.zoneSystem];
  const listed = zonesListed(r.lookups.zones, form.zoneSystem, form.staZones).map((z) => z.zone_id);
  const allZones = bySystems || (listed.length > 0 && listed.every((z) => form.zones.includes(z)));
  const serviceTypes = sentChoices(
    form.serviceTypes,
    r.lookups.serviceTypes.map((s) => s.servtype_id),
  );
  const signalTypes = sentChoices(form.signalTypes, r.signalTypeOptions);
  return {
    ...baseRecord(r.siteNo, systems[0] ?? '', r.changeUser),
    testcat_id: form.categoryId,
    effective_date: form.effective === null ? null : formatFormDate(form.effective),
    expire_date: form.expire === null ? null : formatFormDate(form.expire),
    comment: `${r.commentPrefix}${form.comment}`,
    all_systems_flag:
      bySystems && siteSystems.length > 0 && siteSystems.every((s) => systems.includes(s)) ? 'Y' : 'N',
    all_zones_flag: allZones ? 'Y' : 'N',
    zone_list: allZones ? null : form.zones.join(','),
    system_list: systems.join(','),
    servtype_id: serviceTypes.join(','),
    zonestate_id: form.zoneStates.join(','),
    sigform_id: form.signalFormat,
    sigtype_id_list: signalTypes.join(','),
  };
}
