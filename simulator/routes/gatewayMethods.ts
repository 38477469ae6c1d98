import type { GatewayMethod } from '../../shared/upstream/envelope';
import { openTestsOfSite, toOnTestRow, toZoneRow, unrestoredZoneRows } from '../queries/onTestRows';
import { toAccountRow, toSiteInfo } from '../queries/rows';
import { accountsOfAgency } from '../queries/summaryReports';
import { resolveEventCode } from '../world/eventCatalog';
import { receiveSignal } from '../world/signals';
import type { MonitoredSystem } from '../world/types';
import type { GatewayBody } from './envelope';
import type { RouteContext } from './context';
import { activeAlarmsFor, cancelAlarms, requestDispatch } from './dispatchService';
import { applyOnTestRecord, onTestRecordSchema } from './onTestService';
import { maySee } from './scope';
import type { Session } from './sessions';

type Answer = Partial<GatewayBody>;
type Method = (ctx: RouteContext, session: Session, args: unknown[]) => Answer;

const failure = (message: string, status = 400): Answer => ({
  Result: null,
  ErrorMessage: message,
  MessageCollection: [message],
  HttpStatusCode: status,
});

function int(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
}
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number') return String(v);
  return undefined;
}
function record(v: unknown): Record<string, unknown> | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toLowerCase(), x]));
}

function visibleSystem(ctx: RouteContext, session: Session, v: unknown): MonitoredSystem | string {
  const no = int(v);
  const sys =
    no != null ? ctx.world.system(no) : text(v) ? ctx.world.systemByCsNo(String(text(v))) : undefined;
  if (!sys) return 'System not found.';
  return maySee(session, sys.agencyId) ? sys : 'Unauthorized agency.';
}

/**
 * ClearAlarm and CallDispatch take (constants..., site, system, contact number, event id,
 * incident no, description, PIN, CS no, user name): read from the end, so any number of leading
 * constants works. One object argument with those names works too.
 */
function alarmArgs(args: unknown[]) {
  const o = record(args[0]);
  if (o && args.length === 1) {
    return {
      siteNo: int(o.siteno),
      systemNo: int(o.systemno),
      incidentNo: int(o.alarmincno ?? o.incidentno),
      description: text(o.description ?? o.comment),
      pin: text(o.pin),
      csNo: text(o.csno ?? o.cs_no),
      userName: text(o.username),
    };
  }
  if (args.length < 9) return undefined;
  const at = (fromEnd: number) => args[args.length - fromEnd];
  return {
    siteNo: int(at(9)),
    systemNo: int(at(8)),
    incidentNo: int(at(5)),
    description: text(at(4)),
    pin: text(at(3)),
    csNo: text(at(2)),
    userName: text(at(1)),
  };
}

const clearOrDispatch =
  (action: 'clear' | 'dispatch'): Method =>
  (ctx, session, args) => {
    const a = alarmArgs(args);
    if (!a) return failure('Invalid arguments.');
    if (action === 'clear' && a.pin != null && a.pin !== session.user.pn) return failure('Invalid PIN.');
    const alarms = activeAlarmsFor(ctx.world, session, {
      alarmincNo: a.incidentNo,
      systemNo: a.systemNo,
      csNo: a.csNo,
    });
    if (typeof alarms === 'string') return failure(alarms);
    const now = ctx.clock();
    if (action === 'clear') {
      cancelAlarms(ctx.world, session, alarms, a.description ?? null, now);
      return {
        Result: { status: 'CLEARED', alarminc_nos: alarms.map((x) => x.alarmincNo) },
        IsAlarmCleared: true,
      };
    }
    requestDispatch(ctx.world, session, alarms, a.description ?? null, false, now);
    return {
      Result: {
        status: 'DISPATCHED',
        alarminc_nos: alarms.map((x) => x.alarmincNo),
        dispatch: alarms[0].dispatch,
      },
      IsAlarmCleared: false,
    };
  };

const bySite =
  (fn: (ctx: RouteContext, siteNo: number) => unknown): Method =>
  (ctx, session, args) => {
    const site = ctx.world.site(int(args[0]) ?? -1);
    if (!site) return failure('Site not found.');
    if (!maySee(session, site.agencyId)) return failure('Unauthorized agency.');
    return { Result: fn(ctx, site.siteNo) };
  };

const bySystem =
  (fn: (ctx: RouteContext, sys: MonitoredSystem) => unknown): Method =>
  (ctx, session, args) => {
    const sys = visibleSystem(ctx, session, args[0]);
    return typeof sys === 'string' ? failure(sys) : { Result: fn(ctx, sys) };
  };

const byServco =
  (fn: (ctx: RouteContext, agencyId: string) => unknown): Method =>
  (ctx, session, args) => {
    const servco = text(args[0]) ?? session.profile.servco_no;
    const agencyId = ctx.world.agencyIdOf(servco);
    if (!agencyId || !session.visible.has(servco) || !maySee(session, agencyId))
      return failure('Unauthorized agency.');
    return { Result: fn(ctx, agencyId) };
  };

/** Every method of `MASAPI/APIRequest` (GATEWAY_METHODS). */
export const GATEWAY_HANDLERS: Record<GatewayMethod, Method> = {
  GetAlarmIncidentServiceDetails: (ctx, session, args) => {
    const sys = visibleSystem(ctx, session, args[1] ?? args[2]);
    if (typeof sys === 'string') return failure(sys);
    const site = ctx.world.requireSite(sys.siteNo);
    const active = ctx.world.incidents.activeOf(sys.agencyId).filter((i) => i.systemNo === sys.systemNo);
    return {
      Result: active.map((i) => ({
        alarminc_no: i.alarmincNo,
        alarm_event_id: i.alarmEventId,
        event_descr: i.description,
        cs_no: i.csNo,
        site_no: i.siteNo,
        system_no: i.systemNo,
        alarm_date: ctx.world.siteIso(site, i.at),
        install_servco_no: i.agencyId,
        SiteUTCOffset: ctx.world.siteOffset(site),
        agencies: (['POL', 'FIRE', 'EMS'] as const).map((k) => {
          const d = ctx.world.dispatchAgencyFor(site, k);
          return {
            agency_no: d.agencyNo,
            agency_name: d.agencyName,
            agency_phone: d.agencyPhone,
            agencytype_id: d.agencytypeId,
          };
        }),
        contacts: ctx.world.contactsOfSite(site.siteNo).map((c) => ({
          contact_no: c.contactNo,
          first_name: c.firstName,
          last_name: c.lastName,
          phone: c.phone,
        })),
      })),
    };
  },
  ClearAlarm: clearOrDispatch('clear'),
  CallDispatch: clearOrDispatch('dispatch'),
  SetManualSignal: (ctx, session, args) => {
    const o = record(args[0]);
    const [cs, eventId, comment] = o && args.length === 1 ? [o.csno ?? o.cs_no, o.eventid, o.comment] : args;
    const sys = visibleSystem(ctx, session, cs);
    if (typeof sys === 'string') return failure(sys);
    const code = resolveEventCode(text(eventId) ?? '4618');
    if (!code) return failure('Unknown event id.');
    receiveSignal(ctx.world, {
      system: sys,
      code,
      at: ctx.clock(),
      comment: text(comment) ?? null,
      user: session.user.username,
    });
    return { Result: 'Success.' };
  },
  GetZoneSatusDetails: bySystem((ctx, sys) => {
    const open = ctx.world.unrestored.get(sys.systemNo);
    const now = ctx.clock();
    return sys.zones.map((z) => ({
      ...toZoneRow(ctx.world, sys, z, now),
      zonestate_id: open?.has(z.zoneId) ? 'A' : 'R',
      zonestate_descr: open?.has(z.zoneId) ? 'ALARM' : 'RESTORE',
    }));
  }),
  GetSysTypeZones: bySystem((ctx, sys) =>
    sys.zones.filter((z) => z.stazFlag === 'Y').map((z) => toZoneRow(ctx.world, sys, z, ctx.clock())),
  ),
  EventLogDetails: (ctx, session, args) => {
    // The first argument names an alarm incident, else a system number or CS#.
    const incident = ctx.world.incidents.get(int(args[0]) ?? -1);
    const sys = incident ? ctx.world.system(incident.systemNo) : visibleSystem(ctx, session, args[0]);
    if (!sys || typeof sys === 'string') return failure(typeof sys === 'string' ? sys : 'System not found.');
    if (!maySee(session, sys.agencyId)) return failure('Unauthorized agency.');
    const site = ctx.world.requireSite(sys.siteNo);
    const events = incident
      ? incident.eventIds.map((id) => ctx.world.events.get(id))
      : ctx.world.events.ofSystem(sys.systemNo).slice(-200);
    return {
      Result: events
        .filter((e) => e != null)
        .reverse()
        .map((e) => ({
          id: e.id,
          cs_no: e.csNo,
          system_no: e.systemNo,
          event_id: e.eventId,
          eventrpt_id: e.eventrptId,
          event_description: e.description,
          comment: e.comment,
          zone_id: e.zoneId,
          date: ctx.world.siteIso(site, e.at),
          test_seqno: e.testSeqno,
          isTestCleared: e.isTestCleared,
          alarminc_no: e.alarmincNo,
        })),
    };
  },
  GetOtherAccountsBySiteNumber: bySite((ctx, siteNo) =>
    ctx.world.systemsOfSite(siteNo).map((s) => toAccountRow(ctx.world, s)),
  ),
  GetUnclearedSystemTestsBySiteNo: bySite((ctx, siteNo) =>
    openTestsOfSite(ctx.world, siteNo).map((t) => toOnTestRow(ctx.world, t, ctx.clock())),
  ),
  SystemTestOn: (ctx, session, args) => {
    // One object (an on-test record) or (site, system, category, effective, expire, comment).
    const first = args[0];
    const input =
      args.length === 1 && typeof first === 'object' && first !== null
        ? { ...first, process_flag: 'on' }
        : {
            process_flag: 'on',
            SiteNo: args[0],
            system_no: args[1],
            testcat_id: args[2],
            effective_date: args[3],
            expire_date: args[4],
            comment: args[5],
          };
    const parsed = onTestRecordSchema.safeParse(input);
    if (!parsed.success) return failure('Invalid arguments.');
    const result = applyOnTestRecord(ctx.world, session, parsed.data, ctx.clock());
    return result.rtn_code === 0 ? { Result: result } : { ...failure(result.err_msg), Result: result };
  },
  GetSiteDetails: bySite((ctx, siteNo) => {
    const site = ctx.world.requireSite(siteNo);
    return {
      ...toSiteInfo(ctx.world, site),
      SiteAdditionalInfo: { system_count: ctx.world.systemsOfSite(siteNo).length },
      unrestoredZones: unrestoredZoneRows(ctx.world, ctx.world.systemsOfSite(siteNo)),
    };
  }),
  GetSiteByServCoNo: byServco((ctx, agencyId) => accountsOfAgency(ctx.world, agencyId)),
  GetOptOutListByServcoNo: byServco((ctx, agencyId) =>
    ctx.world
      .contactsOf(agencyId)
      .filter((c) => c.optOut && c.siteNo != null)
      .map((c) => {
        const site = ctx.world.requireSite(c.siteNo ?? -1);
        return {
          CsNo: ctx.world.systemsOfSite(site.siteNo)[0]?.csNo ?? null,
          ContactDetails: c.phone,
          FirstName: c.firstName,
          LastName: c.lastName,
          SiteName: site.name,
        };
      }),
  ),
};
