import { expect } from 'vitest';
import type { RunningSimulator } from '../../../simulator/createSimulator';
import type { MonitoredSystem } from '../../../simulator/world/types';
import type { Call, Profile } from './upstreamCalls';

/**
 * Every key a row must carry (the spec's field names,
 * docs/product/reports-and-settings.md#entities).
 */
function hasFields(row: unknown, fields: string[]) {
  expect(row, 'a row').toBeTypeOf('object');
  for (const f of fields) expect(row, f).toHaveProperty(f);
}

/** Checks every row of a list (and that there is at least one when `nonEmpty`). */
function rowsHave(fields: string[], nonEmpty = true) {
  return (r: unknown) => {
    expect(Array.isArray(r), JSON.stringify(r).slice(0, 200)).toBe(true);
    const rows = r as unknown[];
    if (nonEmpty) expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) hasFields(row, fields);
  };
}

const SITE = ['site_name', 'site_addr1', 'site_addr2', 'city_name', 'state_id', 'zip_code'];
const UNAUTHORIZED = ['Unauthorized agency.'];

/**
 * The report calls of docs/product/reports-and-settings.md#calls, with arguments fit for the
 * signed-in user.
 */
export function reportCalls(sim: RunningSimulator, p: Profile, sys: MonitoredSystem): Call[] {
  const sid = p.loginGUID;
  const servcoNo = p.servco_no;
  const corp = p.serviceCompanyList.find((c) => c.servco_Type === 'C');
  const anyCorp = sim.world.serviceCompanies.find((c) => c.type === 'C');
  const now = new Date(sim.world.now());
  const today = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCDate()).padStart(2, '0')}/${now.getUTCFullYear()}`;
  const activity = (eventId: string, range: string | number, fields: string[]): Call => ({
    name: `dealer event activity ${eventId}`,
    method: 'GET',
    path: '/Report/GetDealerEventActivity',
    query: { CurentsessionId: sid, servcoNo, DateRangeType: range, EventId: eventId },
    check: (r) => {
      rowsHave([...fields, 'scheduled_date', 'scheduled_datetime'])(r.dealerEventActivityList);
      rowsHave(['canmonthname', 'canyear', 'cancount', 'canacctsList'])(r.dealerEventActivityMonthlySummary);
    },
  });

  return [
    {
      name: 'growth',
      method: 'GET',
      path: '/Dashboard/GetGrowthAttritiontData',
      query: { CurentsessionId: sid },
      check: (r) => {
        expect(r.map((g: { servco_no: string }) => g.servco_no)).toEqual(
          p.serviceCompanyList.map((c) => c.servco_no),
        );
        rowsHave([
          'servco_no',
          'jan_add',
          'jan_can',
          'jan_net',
          'dec_net',
          'total_add',
          'total_can',
          'total_net',
        ])(r);
      },
    },
    {
      name: 'attrition chart',
      method: 'GET',
      path: '/Home/GetAccountAttritionChart',
      query: { CurentsessionId: sid, servcoNo },
      check: rowsHave(['month_name', 'month_index', 'year', 'add_count', 'cancel_count', 'net_count']),
    },
    {
      name: 'add/cancel detail',
      method: 'GET',
      path: '/Dashboard/GetAddCancelData',
      query: { CurentsessionId: sid, Type: 'Add', MonthIndex: 'YTD' },
      check: rowsHave(['cs_no', 'site_name', 'address', 'city', 'ac_date', 'install_servco_no']),
    },
    {
      name: 'excessive activity',
      method: 'GET',
      path: '/Home/GetExcessiveActivity',
      query: { CurentsessionId: sid, servcoNo, Mode: 'last30' },
      check: rowsHave([
        'cs_no',
        'site_name',
        'event_count',
        'event_descr',
        'event_desc',
        'event_id',
        'site_addr1',
        'city_name',
      ]),
    },
    {
      name: 'excessive dispatch',
      method: 'GET',
      path: '/Home/GetExcessiveDispatch',
      query: { CurentsessionId: sid, mode: 'last30', isCountIncluded: 'true' },
      check: (r) =>
        rowsHave([
          'system_no',
          'cs_no',
          'site_name',
          'city_name',
          'event_date',
          'signal_count',
          'agency_name',
          'agency_phone',
          'effective_date',
          'expire_date',
          'comment',
        ])(r.excessivedispatchResult),
    },
    ...[
      { path: '/Dashboard/GetActualEventDetails', query: { ServcoNo: servcoNo, Mode: 3 } },
      { path: '/Dashboard/GetActualEvents', query: { key: 'last30' } },
    ].map((c): Call => ({
      name: c.path,
      method: 'GET',
      path: c.path,
      query: { CurentsessionId: sid, ...c.query },
      check: rowsHave([
        'system_no',
        'site_no',
        'cs_no',
        'event_count',
        'event_descr',
        'event_id',
        'event_date',
        ...SITE,
      ]),
    })),
    activity('4618', 6, ['cs_no', 'sig_count', 'comment', ...SITE]),
    activity('DISC', 'last30', ['site_no', 'cs_no', 'event_date', 'comment', ...SITE]),
    activity('SRS', 'last30', ['site_no', 'cs_no', 'event_date', 'comment', ...SITE]),
    activity('CNFM', 'last30', ['site_no', 'cs_no', 'event_date', 'comment', ...SITE]),
    activity('RA', 'last30', ['cs_no', 'sig_count', 'servco_name', ...SITE]),
    activity('ARD', 'last30', [
      'event_id',
      'event_descr',
      'event_date',
      'cs_no',
      'servco_no',
      'servco_name',
      'site_no',
      'country_name',
      'employee_initials',
      'alarminc_no',
      'agency_name',
      'agency_phone',
      'agency_no',
      'agencytype_id',
      ...SITE,
    ]),
    {
      name: 'unrestored zones report',
      method: 'GET',
      path: '/Report/GetUnrestoredZonesReport',
      query: { CurentsessionId: sid, ServcoNo: servcoNo },
      check: rowsHave([
        'cs_no',
        'site_name',
        'alt_id',
        'zone_id',
        'comment',
        'zonestate_id',
        'event_id',
        'event_descr',
        'late_date',
        'equiploc_id',
        'descr',
        'site_addr1',
        'city_name',
      ]),
    },
    {
      name: 'no activity',
      method: 'GET',
      path: '/Home/GetNoActivityReport',
      query: { CurentsessionId: sid, csNo: '', dateType: 'Select', startDate: today },
      check: rowsHave([
        'cs_no',
        'site_name',
        'phone1',
        'site_addr1',
        'site_addr2',
        'city_name',
        'state_id',
        'zip_code',
      ]),
    },
    {
      name: 'sites of a service company',
      method: 'GET',
      path: '/GetSiteByServCoNo',
      query: { SessionGUID: sid, ServcoNo: servcoNo },
      check: (r) => {
        rowsHave(['site_no', 'cs_no'])(r);
        expect(r.map((s: { cs_no: string }) => s.cs_no)).toContain(sys.csNo);
      },
    },
    {
      name: 'zone report',
      method: 'POST',
      path: '/Report/GetZoneSummaryReport',
      body: { CurentsessionId: sid, Servco_no: servcoNo, CsNo: sys.csNo.toLowerCase() },
      check: (r) => {
        expect(r).toBeTypeOf('string');
        const rows = JSON.parse(r);
        expect(rows).toHaveLength(sys.zones.length);
        rowsHave(['cs_no', 'zone_id', 'comment', 'event_id', 'zonestate_id', 'last_signal_date'])(rows);
      },
    },
    {
      name: 'contact report',
      method: 'POST',
      path: '/Report/GetContactSummaryReport',
      body: { CurentsessionId: sid, Servco_no: servcoNo, CsNo: sys.csNo, type: 'S' },
      check: (r) =>
        rowsHave(['cs_no', 'contact_no', 'first_name', 'last_name', 'phone', 'email_address', 'call_order'])(
          JSON.parse(r),
        ),
    },
    {
      name: 'contact report by corporate account',
      method: 'POST',
      path: '/Report/GetContactSummaryReportByCorpNo',
      body: { CurentsessionId: sid, CorpNo: corp?.servco_no ?? anyCorp?.servcoNo },
      // A user without the corporate account is refused: scoping.
      refused: corp ? undefined : UNAUTHORIZED,
      check: (r) => rowsHave(['cs_no', 'site_name', 'contact_no', 'first_name', 'last_name'])(JSON.parse(r)),
    },
  ];
}
