import { UNABLE_TO_PROCESS } from '../messages';

/**
 * Shapes shared by the place-on-test, clear and extend machines
 * (docs/product/live-alarms-and-testing.md#entities, #calls), spelled as the upstream spells them,
 * and the pure rules that read their answers.
 */

/** One test category of `OnTest/GetTestCategory`; the machines read these fields. */
export interface TestCategory {
  testcat_id: string;
  descr: string;
  default_hours: number;
  default_minutes: number;
  /** Hours, or minutes when it contains an M (e.g. '30M'). */
  max_hours: string | null;
}

/** Test limits of the login profile (`testCategoryDetails`). */
export interface TestLimits {
  MaxHours: number;
  MaxOnTestDays: number;
}

/** One row of the Alarm Testing grid that clear and extend act on. */
export interface OnTestEntry {
  site_no: string;
  system_no: string;
  cs_no: string;
  seqno: number;
}

/**
 * The on-test record of `OnTest/SaveOnTest` and `OnTest/ClearOrExtendMultipleTests` without the
 * session id, which the bridge adds. Dates are site-local in the form pattern MM-dd-yyyy HH:mm;
 * the bridge converts them with `siteUtcOffset`.
 */
export interface OnTestRecord {
  system_no: string;
  change_user: string;
  process_flag: 'on' | 'off' | 'extend';
  testcat_id: string | null;
  /** Kept only for off and extend, otherwise -1. */
  test_seqno: number;
  effective_date: string | null;
  expire_date: string | null;
  extend_hh: number | null;
  extend_mm: number | null;
  comment: string;
  all_systems_flag: 'Y' | 'N';
  all_zones_flag: 'Y' | 'N';
  zone_list: string | null;
  auth_pin: null;
  pin: null;
  servtype_id: string | null;
  zonestate_id: string | null;
  system_list: string | null;
  sigtype_id_list: string | null;
  /** The signal format the signal types belong to (the save-test payload's sigform_list). */
  sigform_id?: string | null;
  SiteNo: string;
  EmpNo: string | null;
}

/** Input of `saveOnTest`, `removeOnTest` and `extendOnTest`. */
export interface OnTestSaveInput {
  record: OnTestRecord;
  /** Minutes east of UTC of the site (SiteUTCOffset). */
  siteUtcOffset: number | null;
}

/** Input of `refreshTests`: reload the Alarm Testing list of the site. Output: void. */
export interface RefreshTestsInput {
  siteNo: string;
}

/** Output of `saveOnTest`: the envelope's errors and the result's return code and texts. */
export interface SaveOnTestAnswer {
  result: { rtn_code: number | null; err_msg: string | null; addl_err_info: string | null } | null;
  errors: string[];
}

/** Output of `removeOnTest` and `extendOnTest`: the result text and the envelope's errors. */
export interface TestChangeAnswer {
  resultText: string | null;
  errors: string[];
}

const text = (value: string | null | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * `null` when a place-on-test save succeeded (return code 0 and message ok,
 * docs/product/live-alarms-and-testing.md#states), otherwise the first server error, else the
 * additional info (docs/product/live-alarms-and-testing.md#messages), else the message, else the
 * generic text. NOTE: an empty message with return code 0 counts as ok.
 */
export function saveOnTestErrorText(answer: SaveOnTestAnswer): string | null {
  const result = answer.result;
  const message = result?.err_msg?.trim().toLowerCase() ?? '';
  if (result && result.rtn_code === 0 && (message === '' || message === 'ok')) return null;
  return (
    answer.errors.map(text).find((e) => e !== null) ??
    text(result?.addl_err_info) ??
    text(result?.err_msg) ??
    UNABLE_TO_PROCESS
  );
}

/**
 * `null` when a clear or extend succeeded (the result text contains Success,
 * docs/product/live-alarms-and-testing.md#messages).
 */
export function testChangeErrorText(answer: TestChangeAnswer): string | null {
  if (answer.resultText?.includes('Success')) return null;
  return answer.errors.map(text).find((e) => e !== null) ?? text(answer.resultText) ?? UNABLE_TO_PROCESS;
}

/** The record fields every save starts from. */
export function baseRecord(siteNo: string, systemNo: string, changeUser: string): OnTestRecord {
  return {
    system_no: systemNo,
    change_user: changeUser,
    process_flag: 'on',
    testcat_id: null,
    test_seqno: -1,
    effective_date: null,
    expire_date: null,
    extend_hh: null,
    extend_mm: null,
    comment: '',
    all_systems_flag: 'N',
    all_zones_flag: 'Y',
    zone_list: null,
    auth_pin: null,
    pin: null,
    servtype_id: null,
    zonestate_id: null,
    system_list: null,
    sigtype_id_list: null,
    SiteNo: siteNo,
    EmpNo: null,
  };
}
