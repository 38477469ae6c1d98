import { z } from 'zod';
import { formatFormDate, maxExpiry, siteNow } from '../../shared/onTest/siteDates';
import { TEST_CATEGORIES } from '../world/lookups';
import { parseLooseDate } from '../world/siteTime';
import { clearTest, extendTest, placeOnTest } from '../world/testActions';
import type { MonitoredSystem, OnTest } from '../world/types';
import type { World } from '../world/world';
import { ciObject, zInt, zOptBool, zOptInt, zOptText } from './requestFields';
import { maySee } from './scope';
import type { Session } from './sessions';

const zList = z.preprocess((v) => (Array.isArray(v) ? v.map(String).join(',') : v), zOptText);

/**
 * The on-test record of `OnTest/SaveOnTest` and `ClearOrExtendMultipleTests`
 * (docs/product/live-alarms-and-testing.md#entities).
 */
export const onTestRecordSchema = ciObject({
  system_no: zOptInt,
  change_user: zOptText,
  process_flag: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(['on', 'off', 'extend']),
  ),
  testcat_id: zOptText,
  test_seqno: zOptInt,
  effective_date: zOptText,
  expire_date: zOptText,
  extend_hh: zOptInt,
  extend_mm: zOptInt,
  comment: zOptText,
  all_systems_flag: zOptBool,
  all_zones_flag: zOptBool,
  zone_list: zList,
  auth_pin: zOptText,
  pin: zOptText,
  servtype_id: zList,
  zonestate_id: zList,
  system_list: zList,
  sigtype_id_list: zList,
  sigform_id: zOptText,
  SiteNo: zOptInt,
  EmpNo: zOptText,
});
export type OnTestRecord = z.output<typeof onTestRecordSchema>;

/**
 * The save-test payload of the SaveSystemTest wrapper
 * (docs/product/live-alarms-and-testing.md#entities), converted to a record.
 */
export const saveSystemTestSchema = ciObject({
  testCatId: zOptText,
  effectiveDate: zOptText,
  expireDate: zOptText,
  comment: zOptText,
  serviceTypes: zList,
  zoneStates: zList,
  zoneList: zList,
  sigform_list: zList,
  sigtype_list: zList,
  systemNo: zOptInt,
  systemList: zList,
  allSystemFlag: zOptBool,
  allZoneFlag: zOptBool,
  action: zOptText,
  test_seqno: zOptInt,
  site_no: zInt,
  extend_hh: zOptInt,
  extend_mm: zOptInt,
});

export function recordFromSaveSystemTest(p: z.output<typeof saveSystemTestSchema>): OnTestRecord {
  const action = p.action?.trim().toLowerCase();
  return {
    process_flag: action === 'removeontest' ? 'off' : action === 'extendontest' ? 'extend' : 'on',
    system_no: p.systemNo,
    testcat_id: p.testCatId,
    test_seqno: p.test_seqno,
    effective_date: p.effectiveDate,
    expire_date: p.expireDate,
    extend_hh: p.extend_hh,
    extend_mm: p.extend_mm,
    comment: p.comment,
    all_systems_flag: p.allSystemFlag,
    all_zones_flag: p.allZoneFlag,
    zone_list: p.zoneList,
    servtype_id: p.serviceTypes,
    zonestate_id: p.zoneStates,
    system_list: p.systemList,
    sigtype_id_list: p.sigtype_list,
    sigform_id: p.sigform_list?.split(',')[0],
    SiteNo: p.site_no,
    change_user: undefined,
    auth_pin: undefined,
    pin: undefined,
    EmpNo: undefined,
  };
}

/**
 * The save answer (docs/product/live-alarms-and-testing.md#states): rtn_code 0 with err_msg 'ok' is
 * success.
 */
export interface SaveResult {
  rtn_code: number;
  err_msg: string;
  addl_err_info: string | null;
  test_seqnos: number[];
}

const fail = (err_msg: string, addl: string | null = null): SaveResult => ({
  rtn_code: 1,
  err_msg,
  addl_err_info: addl,
  test_seqnos: [],
});
const split = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The longest test this user may set, in ms: MaxHours when above 0, else MaxOnTestDays
 * (docs/product/live-alarms-and-testing.md#validation).
 */
/**
 * The form's rule and words (docs/product/live-alarms-and-testing.md#validation): the latest expiry
 * is effective plus MaxHours when above 0, otherwise plus MaxOnTestDays; the refusal names it in
 * the site's time as MM-dd-yyyy HH:mm.
 */
function tooLong(session: Session, effective: number, expire: number, offsetMinutes: number): string | null {
  const max = maxExpiry(effective, session.profile.testCategoryDetails);
  if (max === null || expire <= max) return null;
  return `*Expire date should not be more than ${formatFormDate(siteNow(max, offsetMinutes))}.`;
}

/** Carries out one on-test record for a session: place on test, clear (off) or extend. */
export function applyOnTestRecord(world: World, session: Session, r: OnTestRecord, now: number): SaveResult {
  const user = session.user.username;
  if (r.process_flag === 'off' || r.process_flag === 'extend') {
    const tests: OnTest[] = [];
    if (r.test_seqno != null && r.test_seqno > 0) {
      const t = world.tests.get(r.test_seqno);
      if (t) tests.push(t);
    } else if (r.system_no != null) {
      tests.push(...world.tests.ofSystem(r.system_no).filter((t) => t.endedAt == null));
    }
    if (tests.length === 0) return fail('Test not found.');
    if (tests.some((t) => !maySee(session, t.agencyId))) return fail('Unauthorized agency.');
    if (tests.some((t) => t.endedAt != null)) return fail('This test is no longer on.');
    if (r.process_flag === 'off') {
      for (const t of tests) clearTest(world, t, { at: now, user, comment: r.comment ?? null });
      return { rtn_code: 0, err_msg: 'ok', addl_err_info: null, test_seqnos: tests.map((t) => t.seqno) };
    }
    const minutes = (r.extend_hh ?? 0) * 60 + (r.extend_mm ?? 0);
    if (minutes <= 0) return fail('*Please select test minutes.');
    for (const t of tests) {
      const site = world.site(t.siteNo);
      const refused = tooLong(
        session,
        t.effective,
        t.expire + minutes * 60_000,
        site ? world.siteOffset(site, now) : 0,
      );
      if (refused) return fail(refused);
    }
    for (const t of tests) extendTest(world, t, { at: now, user, minutes });
    return { rtn_code: 0, err_msg: 'ok', addl_err_info: null, test_seqnos: tests.map((t) => t.seqno) };
  }

  const firstSystem = r.system_no != null ? world.system(r.system_no) : undefined;
  const site = world.site(r.SiteNo ?? firstSystem?.siteNo ?? -1);
  if (!site) return fail('*Please select Site.');
  if (!maySee(session, site.agencyId)) return fail('Unauthorized agency.');
  const category = TEST_CATEGORIES.find(
    (c) => c.testcat_id.toLowerCase() === (r.testcat_id ?? '').toLowerCase(),
  );
  if (!category) return fail('*Please select test category.');
  const ofSite = world.systemsOfSite(site.siteNo);
  const wanted = r.all_systems_flag ? ofSite.map((s) => s.systemNo) : split(r.system_list).map(Number);
  if (wanted.length === 0 && r.system_no != null) wanted.push(r.system_no);
  const systems = wanted
    .map((n) => ofSite.find((s) => s.systemNo === n))
    .filter((s): s is MonitoredSystem => s != null);
  if (systems.length === 0 || systems.length !== wanted.length)
    return fail('*Please select Site.', 'No system of this site was chosen.');

  const offset = world.siteOffset(site, now);
  const effective = parseLooseDate(r.effective_date, offset) ?? now;
  const expire =
    parseLooseDate(r.expire_date, offset) ??
    effective + (category.default_hours * 60 + category.default_minutes || 240) * 60_000;
  if (r.effective_date && parseLooseDate(r.effective_date, offset) == null)
    return fail('*Effective date is not valid.');
  if (r.expire_date && parseLooseDate(r.expire_date, offset) == null)
    return fail('*Expire date is not valid.');
  // NOTE: lenient on purpose: the form fills in the site's "now" (already past on arrival) and the
  // alarm variant may start up to a day back (docs/product/live-alarms-and-testing.md#validation);
  // anything older is refused.
  if (effective < now - 24 * 3_600_000) return fail('*Effective date is not valid.');
  // The form's rules (docs/product/live-alarms-and-testing.md#validation): an expiry in the past or
  // before the start is refused; one equal to the start is accepted, as the form accepts it.
  if (expire < now) return fail('*Expire date is not valid.');
  if (expire < effective) return fail('*Expire date should not be less than effective date.');
  const refused = tooLong(session, effective, expire, offset);
  if (refused) return fail(refused);

  const zoneList = split(r.zone_list);
  const allZones = r.all_zones_flag ?? zoneList.length === 0;
  if (!allZones) {
    const known = new Set(systems.flatMap((s) => s.zones.map((z) => z.zoneId)));
    if (zoneList.some((z) => !known.has(z)))
      return fail('*Please select Zone.', `Unknown zone in ${zoneList.join(',')}.`);
  }
  const tests = systems.map((system) =>
    placeOnTest(world, {
      system,
      testcatId: category.testcat_id,
      effective,
      expire,
      allZones,
      zoneList: allZones ? [] : zoneList.filter((z) => system.zones.some((x) => x.zoneId === z)),
      servtypeList: split(r.servtype_id),
      zonestateList: split(r.zonestate_id),
      sigformId: r.sigform_id ?? null,
      sigtypeList: split(r.sigtype_id_list),
      comment: r.comment ?? '',
      user,
      at: now,
    }),
  );
  return { rtn_code: 0, err_msg: 'ok', addl_err_info: null, test_seqnos: tests.map((t) => t.seqno) };
}
