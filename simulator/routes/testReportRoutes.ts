import type { Router } from 'express';
import { z } from 'zod';
import { testZonesReport } from '../queries/onTestRows';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { filesOf } from './multipart';
import { ciObject, parseRequest, zOptInt, zOptText } from './requestFields';
import { siteFor } from './scope';
import { sessionOf } from './sessions';

const EMAIL = /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/;

/**
 * The Test Zones Report and its e-mail (docs/product/live-alarms-and-testing.md#screens,
 * #validation, #calls).
 */
export function registerTestReportRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.get('/Report/GetTestZonesReport', (req, res) => {
    const q = parseRequest(ciObject({ SiteNo: zOptInt }), req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (site) ok(res, testZonesReport(world, site.siteNo));
  });

  router.post('/MASAPI/sendReportEmail', (req, res) => {
    const body = parseRequest(
      ciObject({
        toAddress: zOptText,
        subject: zOptText,
        body: z.preprocess((v) => v ?? '', z.string().max(100_000)),
        fileName: zOptText,
      }),
      req,
      res,
    );
    if (!body) return;
    const to = (body.toAddress ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    if (to.length === 0) return refuse(res, ['Provide at least one email address.']);
    if (to.some((a) => !EMAIL.test(a))) return refuse(res, ['Please provide valid email addresses.']);
    const pdf = filesOf(res).find((f) => f.fieldName.toLowerCase() === 'pdffile');
    world.portal.emails.push({
      at: ctx.clock(),
      by: sessionOf(res).user.contactNumber,
      toAddress: to,
      subject: body.subject ?? '',
      body: body.body,
      fileName: body.fileName ?? pdf?.fileName ?? null,
      pdfBytes: pdf?.size ?? 0,
      attachment:
        pdf && pdf.size <= 2 * 1024 * 1024
          ? { contentType: pdf.contentType, base64: pdf.data.toString('base64') }
          : null,
    });
    ok(res, 'Report email sent successfully.');
  });
}
