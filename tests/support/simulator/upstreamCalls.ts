import { expect } from 'vitest';
import { activeAlarmRowSchema } from '../../../shared/upstream/activeAlarmRow';
import {
  eventLogRowSchema,
  eventLogsRequest,
  eventLogsResultSchema,
} from '../../../shared/upstream/eventLogRow';
import type { RunningSimulator } from '../../../simulator/createSimulator';
import { OWNER_RELATION_ID } from '../../../simulator/world/demoUsers';
import { reportCalls } from './reportCalls';
import { settingsCalls } from './settingsCalls';
import { control, get, post, type Answer, type signIn } from './simClient';

export type Profile = Awaited<ReturnType<typeof signIn>>;

/** One upstream call of the contract test, with how to check its result. */
export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
  /** The answer is the gateway's shape, not the envelope. */
  gateway?: boolean;
  /** This user may not make the call: it answers apiStatus false with exactly these errors. */
  refused?: string[];
  check?: (result: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any -- each call reads its own fields
}

/** Sends a call with the session id in the Authorization header (and wherever the call names it). */
export async function send(sim: RunningSimulator, call: Call, sid: string): Promise<Answer> {
  if (call.form) {
    const res = await fetch(`${sim.url}${call.path}?SessionGUID=${sid}`, { method: 'POST', body: call.form });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), text };
  }
  return call.method === 'GET'
    ? get(sim, call.path, call.query, sid)
    : post(sim, call.path, call.body, sid, call.query as Record<string, string>);
}

/** Every upstream call, with arguments fit for the signed-in user. */
export async function callsFor(sim: RunningSimulator, p: Profile): Promise<Call[]> {
  const sid = p.loginGUID;
  const agencyId = p.agencyId;
  const busy = new Set([
    ...sim.world.tests.openTests().map((t) => t.systemNo),
    ...sim.world.incidents.activeOf(agencyId).map((i) => i.systemNo),
  ]);
  const [sys, other] = sim.world.systemsOf(agencyId).filter((s) => !busy.has(s.systemNo) && !s.runaway);
  const site = sim.world.requireSite(sys.siteNo);
  const { alarm } = await control(sim, '/signals', { csNo: sys.csNo, eventId: 'B', text: 'contract' });
  const { alarm: alarm2 } = await control(sim, '/signals', { csNo: other.csNo, eventId: 'ME' });
  const { alarm: alarm3 } = await control(sim, '/signals', { csNo: other.csNo, eventId: 'F' });
  const gw = (methodName: string, args: unknown[], check?: Call['check']): Call => ({
    name: `gateway ${methodName}`,
    method: 'POST',
    path: '/MASAPI/APIRequest',
    gateway: true,
    body: { sessionGuid: sid, methodName, arguments: args },
    check,
  });
  const form = new FormData();
  form.set('toAddress', 'a@example.com; b@example.com');
  form.set('subject', 'Test zones');
  form.set('body', 'Attached.');
  form.set('fileName', 'zones.pdf');
  form.set('pdfFile', new Blob([Buffer.from('%PDF-1.4 tiny')], { type: 'application/pdf' }), 'zones.pdf');
  const eventBody = eventLogsRequest({
    session: sid,
    agencyId,
    dueValue: 1,
    page: 1,
    count: 10,
    sortColumn: 'eventDate',
    installServcoType: 'D',
    csNo: '',
  });
  const start = new Date(sim.world.now() - 86_400_000);
  const fmt = (d: Date) =>
    `${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCDate()} ${d.getUTCFullYear()} ${d.getUTCHours()}:${String(d.getUTCMinutes()).padStart(2, '0')}:00`;
  let seqno = 0;

  return [
    { name: 'quick panel', method: 'GET', path: '/api/quick-panel/data' },
    {
      name: 'advanced search 1001',
      method: 'POST',
      path: '/AdvancedSearch',
      body: { SessionGUID: sid, AdvancedSearchType: 1001, SearchByAccount: { Cs_No: sys.csNo } },
      check: (r) =>
        expect(r[0]).toMatchObject({ cs_no: sys.csNo, site_name: site.name, site_no: site.siteNo }),
    },
    {
      name: 'advanced search 1002',
      method: 'POST',
      path: '/AdvancedSearch',
      body: {
        SessionGUID: sid,
        AdvancedSearchType: 1002,
        SearchByEvent: { StartDate: fmt(start), EndDate: fmt(new Date(sim.world.now())), EventClass: null },
      },
      check: (r) =>
        expect(r[0]).toEqual({
          servtype_id: expect.any(String),
          status_descr: expect.anything(),
          ct: expect.any(Number),
        }),
    },
    {
      name: 'advanced search 1003',
      method: 'POST',
      path: '/AdvancedSearch',
      body: {
        SessionGUID: sid,
        AdvancedSearchType: 1003,
        SearchByContact: { LastName: sim.world.contactsOfSite(site.siteNo)[0].lastName },
      },
      check: (r) => expect(r[0]).toHaveProperty('first_name'),
    },
    {
      name: 'recently accessed',
      method: 'GET',
      path: '/GetRecentlyAccessedSites',
      query: { SessionGUID: sid },
      check: (r) => expect(r[0]).toHaveProperty('cs_no'),
    },
    {
      name: 'transfer',
      method: 'GET',
      path: '/GetMasWebPlusTransfer',
      query: { SessionGUID: sid, SiteNo: site.siteNo, SystemNo: sys.systemNo, Cs_No: sys.csNo, DMTool: 7001 },
      check: (r) => expect(r).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sim\/transfer\?token=/),
    },
    {
      name: 'transfer by contact',
      method: 'GET',
      path: '/GetMasWebPlusTransferByContactNo',
      query: { SessionGUID: sid, ContactNo: p.contactNumber, DMTool: 0 },
      check: (r) => expect(r).toContain('/_sim/transfer?token='),
    },
    {
      name: 'search event lists',
      method: 'GET',
      path: '/GetSearchEventLists',
      query: { SessionGUID: sid, StartDate: fmt(start), servtype_id: 'OC' },
      check: (r) => expect(r[0]).toHaveProperty('site_name'),
    },
    {
      name: 'certificate',
      method: 'GET',
      path: '/GetMonitorCertificateDetails',
      query: { SessionGUID: sid, CsNo: sys.csNo },
      check: (r) => {
        expect(r[0]).toMatchObject({
          site_name: site.name,
          dealer_name: expect.any(String),
          monitored: expect.stringMatching(/B/),
        });
        // Every certificate field of docs/product/reports-and-settings.md#entities.
        const fields =
          'site_addr1 site_addr2 city_name state_id zip_code dealer_addr1 dealer_addr2 dealer_city';
        for (const f of `${fields} dealer_state dealer_zip`.split(' ')) expect(r[0]).toHaveProperty(f);
        expect(r[0].monitored).toMatch(/^(B|P|C|F|ME|N|O)(\|(B|P|C|F|ME|N|O))*$/);
      },
    },
    {
      name: 'all accounts',
      method: 'GET',
      path: '/GetAllAccountsBySeqNo',
      query: { SessionGUID: sid },
      check: (r) => expect(r.some((a: { cs_no: string }) => a.cs_no === sys.csNo)).toBe(true),
    },
    {
      name: 'site preference read',
      method: 'POST',
      path: '/Contact/GetOrUpdateSitePreference',
      body: { SessionGUID: sid, Mode: '' },
      check: (r) => expect(JSON.parse(r)[0]).toHaveProperty('SelectedNavIds'),
    },
    {
      name: 'site preference save',
      method: 'POST',
      path: '/Contact/GetOrUpdateSitePreference',
      body: { SessionGUID: sid, IsDarkTheme: true, Mode: 'UPDATE' },
      check: (r) => expect(JSON.parse(r)[0].IsDarkTheme).toBe(true),
    },
    {
      name: 'dealer banner',
      method: 'POST',
      path: '/Contact/GetDealerBannerByServcoNo',
      query: { SessionGUID: sid, ServcoNo: p.servco_no },
      body: {},
      check: (r) => expect(r).toMatch(/\.svg$/),
    },
    {
      name: 'child contacts',
      method: 'POST',
      path: '/Contact/GetChildContactList',
      query: { SessionGUID: sid },
      body: {},
      check: (r) => {
        const children = JSON.parse(r);
        expect(children.length > 0).toBe(p.RelationId === OWNER_RELATION_ID);
        for (const c of children)
          expect(c).toEqual({
            ContactName: expect.any(String),
            contact_no: expect.any(Number),
            SelectedNavIds: expect.stringMatching(/^[\d,]*$/),
            DataManagementTool: expect.any(Number),
            DefaultLiveAlarmViewTab: expect.any(Number),
            GraphsView: expect.any(Number),
          });
      },
    },
    {
      name: 'event logs',
      method: 'POST',
      path: '/AlarmBuffer/GetEventLogs',
      query: { CurentsessionId: sid },
      body: eventBody,
      check: (r) => {
        const parsed = eventLogsResultSchema(eventLogRowSchema()).parse(r);
        expect(parsed.eventLogList[0].totalRows).toBeGreaterThan(0);
        expect(r).toHaveProperty('series');
        expect(r).toHaveProperty('xAxis');
        expect(r).toHaveProperty('historyOverViewList');
      },
    },
    ...['/AlarmBuffer/GetEventLogsLiveAlarm_Dev', '/AlarmBuffer/GetEventLogsLiveAlarm'].map((path): Call => ({
      name: path,
      method: 'POST',
      path,
      query: { CurentsessionId: sid },
      body: { ...eventBody, DueValue: null, ColumnName: 'alarm_Date' },
      check: (r) => {
        const rows = eventLogsResultSchema(activeAlarmRowSchema).parse(r).eventLogList;
        expect(rows.some((a) => a.alarminc_No === String(alarm3.alarminc_No))).toBe(true);
      },
    })),
    {
      name: 'event types',
      method: 'POST',
      path: '/AlarmBuffer/GetEventTypes',
      body: { Curentsession: sid, IsAutoRefreshOn: true },
      check: (r) => expect(r).toContainEqual({ eventrpt_id: 'VA', descr: 'VIDEO ACTIVATION' }),
    },
    {
      name: 'agency config',
      method: 'GET',
      path: '/AlarmBuffer/GetAgencyConfig',
      query: { AgencyId: agencyId, CurentsessionId: sid },
      check: (r) =>
        expect(JSON.parse(r[0].columnFormat)[0]).toMatchObject({
          Name: expect.any(String),
          Prop: expect.any(String),
          Count: expect.any(Number),
        }),
    },
    {
      name: 'update agency config',
      method: 'POST',
      path: '/AlarmBuffer/UpdateAgencyConfig',
      query: {
        CurentsessionId: sid,
        AgencyId: agencyId,
        ColumnFormat: JSON.stringify([
          { Name: 'CS#', Prop: 'cS_', IsActive: true, Events: 'SelectAll', orderIndex: 0, Count: 50 },
        ]),
      },
      body: {},
      check: (r) => expect(r).toBe('Configuration saved Successfully.'),
    },
    {
      name: 'site info GET',
      method: 'GET',
      path: '/AlarmBuffer/GetSiteInfo',
      query: { SessionGUID: sid, SiteId: site.siteNo },
      check: (r) =>
        expect(r).toMatchObject({
          site_name: site.name,
          site_addr1: site.addr1,
          city_name: site.city,
          state_id: site.state,
          zip_code: site.zip,
          country_name: 'USA',
          site_no: site.siteNo,
        }),
    },
    {
      name: 'site info POST',
      method: 'POST',
      path: '/AlarmBuffer/GetSiteInfo',
      query: { SessionGUID: sid, SiteId: site.siteNo },
      body: { eventrpt_id: 'B' },
      check: (r) => expect(r.site_no).toBe(site.siteNo),
    },
    {
      name: 'chart data',
      method: 'POST',
      path: '/Dashboard/GetEventListChartData',
      body: {
        SessionGUID: sid,
        AgencyId: agencyId,
        DueValue: 0,
        EventId: null,
        StartDate: null,
        Install_servco_Type: 'D',
        IncludeTestEvents: true,
      },
      check: (r) =>
        expect(r[0]).toEqual({
          eventDate: expect.any(String),
          eventType: expect.any(String),
          eventCount: expect.any(Number),
        }),
    },
    {
      name: 'alarm details',
      method: 'GET',
      path: '/Dashboard/GetActiveAlarmDetails',
      query: { CurentsessionId: sid, AlarmIncNo: alarm.alarminc_No },
      check: (r) =>
        expect(r[0]).toMatchObject({
          date: expect.any(String),
          zone: expect.any(String),
          state: 'ALARM',
          event: expect.stringContaining('BURGLARY'),
          cleared: 'N',
        }),
    },
    {
      name: 'zones',
      method: 'GET',
      path: '/OnTest/GetAllZonesBySiteSystemNo',
      query: { CurentsessionId: sid, SiteNo: site.siteNo, SystemNo: sys.systemNo },
      check: (r) =>
        expect(r[0]).toMatchObject({
          zone_id: '001',
          comment: expect.any(String),
          staz_flag: expect.stringMatching(/^[YN]$/),
          on_test_flag: 'N',
        }),
    },
    {
      name: 'unrestored zone systems',
      method: 'GET',
      path: '/OnTest/GetUnrestoredZoneSystems',
      query: { SessionGUID: sid, SiteNo: site.siteNo },
      check: (r) => expect(r).toContainEqual(expect.objectContaining({ system_no: sys.systemNo })),
    },
    ...['GetTestCategory', 'GetServiceTypes', 'GetSignalFormat', 'GetZoneStates'].flatMap((n): Call[] =>
      [`/OnTest/${n}`, `/${n}`].map((path) => ({
        name: path,
        method: 'GET',
        path,
        query: { SessionGUID: sid },
        check: (r) => expect(r.length).toBeGreaterThan(0),
      })),
    ),
    ...[`/OnTest/GetSignalFormatTypes`, `/GetSignalFormatTypes`].map((path): Call => ({
      name: path,
      method: 'GET',
      path,
      query: { SessionGUID: sid, sigform_id: 'CID' },
      check: (r) => expect(r[0]).toHaveProperty('sigtype_id'),
    })),
    {
      name: 'save on test',
      method: 'POST',
      path: '/OnTest/SaveOnTest',
      body: {
        SessionGUID: sid,
        process_flag: 'on',
        change_user: p.contactNumber,
        testcat_id: 'GEN',
        test_seqno: -1,
        system_no: sys.systemNo,
        SiteNo: site.siteNo,
        all_systems_flag: 'N',
        all_zones_flag: 'N',
        zone_list: '001,002',
        comment: 'contract',
        system_list: String(sys.systemNo),
        extend_hh: null,
        extend_mm: null,
        auth_pin: null,
        pin: null,
      },
      check: (r) => {
        expect(r).toMatchObject({ rtn_code: 0, err_msg: 'ok' });
        seqno = r.test_seqnos[0];
      },
    },
    {
      name: 'save system test',
      method: 'POST',
      path: '/OnTest/SaveSystemTest',
      body: {
        SessionGUID: sid,
        testCatId: 'SVC',
        site_no: other.siteNo,
        systemNo: other.systemNo,
        allZoneFlag: true,
        comment: 'tech',
      },
      check: (r) => expect(r.rtn_code).toBe(0),
    },
    {
      name: 'test zones report',
      method: 'GET',
      path: '/Report/GetTestZonesReport',
      query: { SessionGuid: sid, SiteNo: site.siteNo },
      check: (r) =>
        expect(r).toContainEqual(
          expect.objectContaining({
            cs_no: sys.csNo,
            zone_id: '001',
            zone_on_test: 'Y',
            signal_recd: expect.stringMatching(/^[YN]$/),
          }),
        ),
    },
    {
      name: 'uncleared systems',
      method: 'GET',
      path: '/OnTest/GetUnclearedSystems',
      query: { SessionGUID: sid, AgencyId: agencyId },
      check: (r) =>
        expect(r).toContainEqual(
          expect.objectContaining({
            cs_no: sys.csNo,
            zone_list: '001,002',
            all_zones_flag: 'N',
            isOverThanOneWeek: false,
          }),
        ),
    },
    {
      name: 'current on test',
      method: 'GET',
      path: '/OnTest/GetCurrentOnTestData',
      query: { SessionGUID: sid, SiteNo: site.siteNo },
      check: (r) =>
        expect(r.testEventLogList[0]).toMatchObject({ event_id: 'ONTEST', test_seqno: expect.any(Number) }),
    },
    {
      name: 'clear or extend',
      method: 'POST',
      path: '/OnTest/ClearOrExtendMultipleTests',
      query: { SessionGUID: sid },
      body: [{ process_flag: 'extend', test_seqno: -1, system_no: sys.systemNo, extend_hh: 4, extend_mm: 0 }],
      check: (r) => expect(r).toContain('Success'),
    },
    {
      name: 'site systems',
      method: 'GET',
      path: '/OnTest/GetSiteSystemsBySiteNo',
      query: { SessionGUID: sid, SiteNo: site.siteNo },
      check: (r) =>
        expect(r[0]).toMatchObject({ system_no: sys.systemNo, cs_no: sys.csNo, IsSystemOnTest: true }),
    },
    {
      name: 'site details',
      method: 'GET',
      path: '/OnTest/GetSiteDetailsBySiteNo',
      query: { SessionGUID: sid, SiteNo: site.siteNo },
      check: (r) =>
        expect(r).toMatchObject({
          SiteUTCOffset: expect.any(Number),
          SiteAdditionalInfo: { system_count: expect.any(Number) },
        }),
    },
    {
      name: 'system data',
      method: 'GET',
      path: '/OnTest/GetSystemData',
      query: { SessionGUID: sid, SystemNo: sys.systemNo },
      check: (r) => expect(r.zones.length).toBe(sys.zones.length),
    },
    {
      name: 'system type account',
      method: 'GET',
      path: '/OnTest/GetSystemTypeAccount',
      query: { SessionGUID: sid, SystemNo: sys.systemNo },
      check: (r) => expect(r.every((z: { staz_flag: string }) => z.staz_flag === 'Y')).toBe(true),
    },
    {
      name: 'unrestored zones data',
      method: 'GET',
      path: '/OnTest/GetUnrestoredZonesData',
      query: { SessionGUID: sid, SiteNo: site.siteNo },
      check: (r) =>
        expect(r[0]).toMatchObject({ zone_id: expect.any(String), late_date: expect.any(String) }),
    },
    {
      name: 'report email',
      method: 'POST',
      path: '/MASAPI/sendReportEmail',
      form,
      check: (r) => expect(r).toBe('Report email sent successfully.'),
    },
    {
      name: 'cancel notification',
      method: 'POST',
      path: '/Alarm/CancelNotification',
      body: {
        SessionGUID: sid,
        AlarmincNo: alarm.alarminc_No,
        EventId: 'BA',
        AlarmDescription: 'BURGLARY',
        SiteNo: site.siteNo,
        SystemNo: sys.systemNo,
        CS_No: sys.csNo,
        MoreInfo: 'Web',
        CanceledBy: 'me',
        IsCancelSMSLink: false,
        DispatchType: 'CANCEL',
      },
      check: (r) => expect(r).toBe('Notification sent.'),
    },
    {
      name: 'cancel dispatch',
      method: 'POST',
      path: '/Alarm/CancelDispatch',
      body: {
        SessionGUID: sid,
        SiteNo: site.siteNo,
        SystemNo: sys.systemNo,
        CSNo: sys.csNo,
        Comment: 'false alarm',
        UserName: 'me',
        SiteUTCOffset: -480,
      },
      check: (r) => expect(r.alarminc_nos).toContain(alarm.alarminc_No),
    },
    {
      name: 'manual signal',
      method: 'GET',
      path: '/alarm/SetManualSignal',
      query: { sessionid: sid, CsNo: sys.csNo, Comment: 'cancel', EventId: 4618, SiteNo: site.siteNo },
      check: (r) => expect(r).toBe('Success.'),
    },
    {
      name: 'request dispatch',
      method: 'POST',
      path: '/Alarm/RequestDispatch',
      body: {
        SessionGUID: sid,
        AlarmincNo: alarm2.alarminc_No,
        CSNo: other.csNo,
        Comment: 'ETA 5',
        WillRespond: true,
      },
      check: (r) => expect(r.alarminc_nos).toEqual([alarm2.alarminc_No]),
    },
    gw('GetAlarmIncidentServiceDetails', [other.siteNo, other.systemNo, other.csNo], (r) =>
      expect(r[0]).toMatchObject({ alarminc_no: alarm3.alarminc_No, agencies: expect.any(Array) }),
    ),
    gw('GetZoneSatusDetails', [sys.systemNo], (r) => expect(r[0]).toHaveProperty('zonestate_id')),
    gw('GetSysTypeZones', [sys.systemNo], (r) => expect(Array.isArray(r)).toBe(true)),
    gw('EventLogDetails', [alarm3.alarminc_No, null, null, null, null, null, null, null], (r) =>
      expect(r[0]).toMatchObject({ cs_no: other.csNo, test_seqno: 0 }),
    ),
    gw('GetOtherAccountsBySiteNumber', [site.siteNo], (r) => expect(r[0]).toHaveProperty('cs_no')),
    gw('GetUnclearedSystemTestsBySiteNo', [site.siteNo], (r) =>
      expect(r.some((t: { cs_no: string }) => t.cs_no === sys.csNo)).toBe(true),
    ),
    gw('GetSiteDetails', [site.siteNo], (r) =>
      expect(r).toMatchObject({ site_no: site.siteNo, SiteUTCOffset: expect.any(Number) }),
    ),
    gw('GetSiteByServCoNo', [p.servco_no], (r) =>
      expect(r[0]).toMatchObject({ site_no: expect.any(Number), cs_no: expect.any(String) }),
    ),
    gw('GetOptOutListByServcoNo', [p.servco_no], (r) => expect(Array.isArray(r)).toBe(true)),
    gw('SetManualSignal', [sys.csNo, '4618', 'from gateway'], (r) => expect(r).toBe('Success.')),
    gw(
      'SystemTestOn',
      [
        {
          SiteNo: other.siteNo,
          system_no: other.systemNo,
          testcat_id: 'ALRM',
          all_zones_flag: 'Y',
          comment: 'alarm test',
        },
      ],
      (r) => expect(r.rtn_code).toBe(0),
    ),
    gw(
      'CallDispatch',
      [
        'WEB',
        other.siteNo,
        other.systemNo,
        p.contactNumber,
        'FA',
        alarm3.alarminc_No,
        'ETA',
        null,
        other.csNo,
        'me',
      ],
      (r) => expect(r.status).toBe('DISPATCHED'),
    ),
    gw('ClearAlarm', [
      'WEB',
      site.siteNo,
      sys.systemNo,
      p.contactNumber,
      'BA',
      -1,
      'none left',
      p.pn,
      sys.csNo,
      'me',
    ]),
    {
      name: 'clear the test',
      method: 'POST',
      path: '/OnTest/ClearOrExtendMultipleTests',
      body: [
        {
          SessionGUID: sid,
          process_flag: 'off',
          test_seqno: seqno,
          system_no: sys.systemNo,
          comment: 'done',
        },
      ],
      check: (r) => expect(r).toContain('Success'),
    },
    // docs/product/reports-and-settings.md#calls: reports and settings.
    ...reportCalls(sim, p, sys),
    ...settingsCalls(p),
    { name: 'log off', method: 'POST', path: '/LogOff', body: { SessionGUID: sid } },
  ];
}
