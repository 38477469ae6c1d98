import type { Router } from 'express';
import { z } from 'zod';
import { MANUAL_SIGNAL_CANCEL_EVENT_ID } from '../../shared/eventTypes';
import { resolveEventCode } from '../world/eventCatalog';
import { receiveSignal } from '../world/signals';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { activeAlarmsFor, cancelAlarms, requestDispatch } from './dispatchService';
import { ciObject, parseRequest, zOptBool, zOptInt, zOptText } from './requestFields';
import { accountFor, maySee } from './scope';
import { sessionOf } from './sessions';

/**
 * The cancel/request dispatch payload (docs/product/live-alarms-and-testing.md#entities);
 * AlarmincNo picks one incident when given.
 */
const dispatchSchema = ciObject({
  SiteNo: zOptInt,
  SystemNo: zOptInt,
  ContactNo: zOptText,
  Comment: zOptText,
  CSNo: zOptText,
  SiteName: zOptText,
  UserName: zOptText,
  InstallServcoNo: zOptText,
  SiteUTCOffset: zOptInt,
  AlarmincNo: zOptInt,
  WillRespond: zOptBool,
  DispatchType: zOptText,
});

const notificationSchema = ciObject({
  AlarmincNo: zOptInt,
  EventId: zOptText,
  AlarmDescription: zOptText,
  SiteNo: zOptInt,
  SystemNo: zOptInt,
  SiteUserContactNumber: zOptText,
  CS_No: zOptText,
  CyberPin: zOptText,
  MoreInfo: zOptText,
  CanceledBy: zOptText,
  CreatedDate: zOptText,
  ModifiedDate: zOptText,
  SiteName: zOptText,
  InstallServcoNo: zOptText,
  IsCancelSMSLink: zOptBool,
  DispatchType: zOptText,
  UserComments: zOptText,
});

/**
 * Request and cancel dispatch, their notification, and the manual signal
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function registerDispatchRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  for (const [path, action] of [
    ['/Alarm/RequestDispatch', 'dispatch'],
    ['/Alarm/CancelDispatch', 'cancel'],
  ] as const) {
    router.post(path, (req, res) => {
      const body = parseRequest(dispatchSchema, req, res, req.body);
      if (!body) return;
      const session = sessionOf(res);
      const alarms = activeAlarmsFor(world, session, {
        alarmincNo: body.AlarmincNo,
        systemNo: body.SystemNo,
        csNo: body.CSNo,
      });
      if (typeof alarms === 'string') return refuse(res, [alarms]);
      const now = ctx.clock();
      const events =
        action === 'dispatch'
          ? requestDispatch(world, session, alarms, body.Comment ?? null, body.WillRespond ?? false, now)
          : cancelAlarms(world, session, alarms, body.Comment ?? null, now);
      ok(res, {
        status: 'Success',
        alarminc_nos: alarms.map((a) => a.alarmincNo),
        event_ids: events.map((e) => e.id),
      });
    });
  }

  router.post('/Alarm/CancelNotification', (req, res) => {
    const body = parseRequest(notificationSchema, req, res, req.body);
    if (!body) return;
    const session = sessionOf(res);
    if (body.CS_No) {
      const sys = world.systemByCsNo(body.CS_No);
      if (!sys || !maySee(session, sys.agencyId)) return refuse(res, ['Account not found.']);
    }
    world.portal.notifications.push({
      at: ctx.clock(),
      by: session.user.contactNumber,
      payload: { ...body },
    });
    ok(res, 'Notification sent.');
  });

  router.get('/alarm/SetManualSignal', (req, res) => {
    const q = parseRequest(
      ciObject({
        CsNo: zOptText,
        Comment: z.preprocess((v) => v ?? undefined, zOptText),
        EventId: zOptText,
        SiteNo: zOptInt,
      }),
      req,
      res,
    );
    if (!q) return;
    const session = sessionOf(res);
    const system = accountFor(world, session, res, q.CsNo);
    if (!system) return;
    if (q.SiteNo != null && q.SiteNo !== system.siteNo)
      return refuse(res, ['Site does not match the account.']);
    const code = resolveEventCode(q.EventId ?? MANUAL_SIGNAL_CANCEL_EVENT_ID);
    if (!code) return refuse(res, ['Unknown event id.']);
    receiveSignal(world, {
      system,
      code,
      at: ctx.clock(),
      comment: q.Comment ?? null,
      user: session.user.username,
    });
    ok(res, 'Success.');
  });
}
