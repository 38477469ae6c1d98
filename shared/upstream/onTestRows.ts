import { z } from 'zod';

/**
 * The rows of the Alarm Testing and Place On Test calls
 * (docs/product/live-alarms-and-testing.md#entities), validated where they enter: the bridge's
 * systems-on-test feed and the client's calls. Ids arrive as numbers or text and are kept as text;
 * fields the screens do not read pass through untouched.
 */

const text = z.preprocess((v) => (v == null ? null : String(v)), z.string().nullable());
const id = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().min(1));
const yes = z.preprocess(
  (v) => v === true || (typeof v === 'string' && /^(true|y)$/i.test(v.trim())),
  z.boolean(),
);
const flag = z.preprocess(
  (v) => (v === true ? 'Y' : v === false ? 'N' : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(['Y', 'N']).catch('N'),
);

const onTestEntryShape = {
  seqno: id,
  site_no: id,
  system_no: id,
  cs_no: id,
  site_name: text.optional().default(null),
  site_addr1: text.optional().default(null),
  site_addr2: text.optional().default(null),
  city_name: text.optional().default(null),
  state_id: text.optional().default(null),
  zip_code: text.optional().default(null),
  effective_date: z.string(),
  expire_date: z.string(),
  s_effective_date: text.optional().default(null),
  s_expire_date: text.optional().default(null),
  zone_list: text.optional().default(null),
  all_zones_flag: flag.optional().default('Y'),
  servtype_list: text.optional().default(null),
  site_time: text.optional().default(null),
  isOverThanOneWeek: yes.optional().default(false),
};

/**
 * One on-test entry (docs/product/live-alarms-and-testing.md#entities) as GetUnclearedSystems lists
 * it for the Alarm Testing grid.
 */
export const onTestEntrySchema = z.object(onTestEntryShape).loose();
export type OnTestEntryRow = z.infer<typeof onTestEntrySchema>;

/**
 * A row of the systems-on-test feed: an entry keyed by its seqno, with only the fields the screens
 * read. NOTE: the upstream's `site_time` is "now" at the site and changes on every answer, so the
 * feed leaves it out (screens use their clock); otherwise every poll would change every row.
 */
export const systemOnTestRowSchema = z
  .object(onTestEntryShape)
  .omit({ site_time: true })
  .transform((r) => ({ id: r.seqno, ...r, site_time: null }));
export type SystemOnTestRow = z.infer<typeof systemOnTestRowSchema>;

/** One row of a site's test event log (docs/product/live-alarms-and-testing.md#entities). */
export const testEventSchema = z
  .object({
    id: text.optional().default(null),
    cs_no: id,
    comment: text.optional().default(null),
    event_id: text,
    event_description: text.optional().default(null),
    event_time: text.optional().default(null),
    date: text.optional().default(null),
    system_no: id,
    test_seqno: z.coerce.number().catch(0),
  })
  .loose();
export type TestEventRow = z.infer<typeof testEventSchema>;

/** GetCurrentOnTestData: the site's open tests and its test event log. */
export const currentOnTestSchema = z.object({
  onTestList: z.array(onTestEntrySchema).catch([]),
  testEventLogList: z.array(testEventSchema).catch([]),
});

/** One row of the Test Zones Report (docs/product/live-alarms-and-testing.md#screens). */
export const testZonesReportRowSchema = z
  .object({
    system_no: id,
    cs_no: id,
    zone_id: id,
    zone_comment: text.optional().default(null),
    event_id: text.optional().default(null),
    event_descr: text.optional().default(null),
    zone_on_test: text.optional().default(null),
    signal_recd: text.optional().default(null),
    signal_date: text.optional().default(null),
    site_name: text.optional().default(null),
    site_addr1: text.optional().default(null),
    site_addr2: text.optional().default(null),
    city_name: text.optional().default(null),
    state_id: text.optional().default(null),
    zip_code: text.optional().default(null),
    effective_date: text.optional().default(null),
    expire_date: text.optional().default(null),
  })
  .loose();
export type TestZonesReportRow = z.infer<typeof testZonesReportRowSchema>;

/** A zone of a system (docs/product/live-alarms-and-testing.md#entities). */
export const zoneRowSchema = z
  .object({
    system_no: id,
    zone_id: id,
    comment: text.optional().default(null),
    staz_flag: flag.optional().default('N'),
    on_test_flag: flag.optional().default('N'),
  })
  .loose();

/** A system of a site (docs/product/live-alarms-and-testing.md#entities). */
export const siteSystemRowSchema = z
  .object({ system_no: id, cs_no: id, IsSystemOnTest: yes.optional().default(false) })
  .loose();

/** The unrestored zones of a site's systems (GetUnrestoredZoneSystems). */
export const unrestoredZoneSchema = z.object({ system_no: id, zone_id: id }).loose();

/** The lookups of the Place On Test form (docs/product/live-alarms-and-testing.md#entities). */
export const testCategoryRowSchema = z
  .object({
    testcat_id: id,
    descr: z.string(),
    default_hours: z.coerce.number().catch(0),
    default_minutes: z.coerce.number().catch(0),
    max_hours: text.optional().default(null),
    servtype_list: text.optional().default(null),
    servtype_only_except: text.optional().default(null),
  })
  .loose();
export const serviceTypeRowSchema = z.object({ servtype_id: id, descr: text.optional().default(null) });
export const signalFormatRowSchema = z.object({ sigform_id: id, descr: z.string() });
export const signalFormatTypeRowSchema = z.object({ sigtype_id: id, eventDescr: z.string() });
export const zoneStateRowSchema = z.object({ zonestate_id: id, descr: z.string() });
