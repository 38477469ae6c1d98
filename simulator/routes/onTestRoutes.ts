import type { Response, Router } from 'express';
import { z } from 'zod';
import { agencyTestRows, openTestsOfSite, testEventLog, toOnTestRow } from '../queries/onTestRows';
import type { RouteContext } from './context';
import { badRequest, ok, refuse } from './envelope';
import {
  applyOnTestRecord,
  onTestRecordSchema,
  recordFromSaveSystemTest,
  saveSystemTestSchema,
  type SaveResult,
} from './onTestService';
import { ciObject, parseRequest, zOptInt, zOptText } from './requestFields';
import { agencyFor, siteFor } from './scope';
import { sessionOf } from './sessions';

function answerSave(res: Response, result: SaveResult): void {
  if (result.rtn_code === 0) ok(res, result);
  else
    refuse(
      res,
      [result.addl_err_info ? `${result.err_msg} ${result.addl_err_info}` : result.err_msg],
      result,
    );
}

/**
 * Placing, clearing and extending tests, and the lists of tests
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function registerOnTestRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/OnTest/SaveOnTest', (req, res) => {
    const record = parseRequest(onTestRecordSchema, req, res, req.body);
    if (record) answerSave(res, applyOnTestRecord(world, sessionOf(res), record, ctx.clock()));
  });

  router.post('/OnTest/SaveSystemTest', (req, res) => {
    const body = parseRequest(saveSystemTestSchema, req, res, req.body);
    if (body)
      answerSave(res, applyOnTestRecord(world, sessionOf(res), recordFromSaveSystemTest(body), ctx.clock()));
  });

  router.post('/OnTest/ClearOrExtendMultipleTests', (req, res) => {
    const raw: unknown = req.body;
    const list = parseRequest(
      z.array(onTestRecordSchema).min(1).max(100),
      req,
      res,
      Array.isArray(raw) ? raw : [raw],
    );
    if (!list) return;
    if (list.some((r) => r.process_flag === 'on'))
      return badRequest(res, ['process_flag must be off or extend.']);
    const session = sessionOf(res);
    const now = ctx.clock();
    const results = list.map((r) => applyOnTestRecord(world, session, r, now));
    const failed = results.filter((r) => r.rtn_code !== 0);
    if (failed.length > 0)
      return refuse(
        res,
        failed.map((r) => r.err_msg),
      );
    const cleared = list.filter((r) => r.process_flag === 'off').length;
    ok(
      res,
      cleared > 0 ? `Success: ${cleared} test(s) cleared.` : `Success: ${list.length} test(s) extended.`,
    );
  });

  router.get('/OnTest/GetUnclearedSystems', (req, res) => {
    const q = parseRequest(ciObject({ AgencyId: zOptText, SiteNo: zOptInt }), req, res);
    if (!q) return;
    const session = sessionOf(res);
    const now = ctx.clock();
    if (q.SiteNo != null) {
      const site = siteFor(world, session, res, q.SiteNo);
      if (site)
        ok(
          res,
          openTestsOfSite(world, site.siteNo).map((t) => toOnTestRow(world, t, now)),
        );
      return;
    }
    const agencyId = agencyFor(world, session, res, q.AgencyId);
    if (!agencyId) return;
    const rows = agencyTestRows(world, agencyId, ctx.clock());
    ok(res, rows);
  });

  router.get('/OnTest/GetCurrentOnTestData', (req, res) => {
    const q = parseRequest(ciObject({ SiteNo: zOptInt, SystemNo: zOptInt }), req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (!site) return;
    const now = ctx.clock();
    ok(res, {
      onTestList: openTestsOfSite(world, site.siteNo).map((t) => toOnTestRow(world, t, now)),
      testEventLogList: testEventLog(world, site.siteNo, q.SystemNo),
    });
  });
}
