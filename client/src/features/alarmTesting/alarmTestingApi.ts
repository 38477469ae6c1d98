import { z } from 'zod';
import { UNABLE_TO_PROCESS } from '../../../../machines/messages';
import type { UnrestoredZoneRow } from '../../../../machines/placeOnTest/clearTestMachine';
import type { OnTestSaveInput, TestChangeAnswer } from '../../../../machines/placeOnTest/onTest';
import { changeAnswerOf } from '../../../../shared/upstream/onTestAnswers';
import {
  testZonesReportRowSchema,
  unrestoredZoneSchema,
  type TestZonesReportRow,
} from '../../../../shared/upstream/onTestRows';
import { getEnvelope, postEnvelope } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';
import { listOf } from '../../lib/api/rowSchemas';

/**
 * The bridge calls of Alarm Testing (docs/product/live-alarms-and-testing.md#calls): the clear and
 * extend machines run the first three as their actors (alarmTestingActors.ts); the dialogs read the
 * rest through the data layer (the test history through lib/onTest/siteTestEvents.ts). The list of
 * systems on test itself comes from the live feed, not from here.
 */

/** GET OnTest/GetUnrestoredZoneSystems: the site's zones still unrestored. */
export function unrestoredZones(siteNo: string, signal?: AbortSignal): Promise<UnrestoredZoneRow[]> {
  return getEnvelope('/api/OnTest/GetUnrestoredZoneSystems', listOf(unrestoredZoneSchema), {
    query: { SiteNo: siteNo },
    signal,
  });
}

/**
 * POST OnTest/ClearOrExtendMultipleTests with one record (process flag off or extend). The
 * system's CS# travels as a header for the bridge's audit only: the record names site and system.
 */
export async function changeTest(input: OnTestSaveInput, csNo: string): Promise<TestChangeAnswer> {
  try {
    const result = await postEnvelope('/api/OnTest/ClearOrExtendMultipleTests', z.unknown(), {
      body: [input.record],
      headers: { 'x-cs-no': csNo },
    });
    return changeAnswerOf({ result, errors: [] }, UNABLE_TO_PROCESS);
  } catch (e) {
    if (e instanceof ApiError && e.upstreamErrors.length > 0)
      return { resultText: null, errors: [...e.upstreamErrors] };
    throw e;
  }
}

/**
 * GET Report/GetTestZonesReport for a site
 * (docs/product/live-alarms-and-testing.md#test-zones-report-popup).
 */
export function testZonesReport(siteNo: string, signal?: AbortSignal): Promise<TestZonesReportRow[]> {
  return getEnvelope('/api/Report/GetTestZonesReport', listOf(testZonesReportRowSchema), {
    query: { SiteNo: siteNo },
    signal,
  });
}

export interface ReportEmail {
  /** Addresses separated by semicolons. */
  toAddress: string;
  subject: string;
  body: string;
  pdf: Blob;
  fileName: string;
}

/** The bridge's refusals of a report e-mail: their message says which rule was broken. */
const REPORT_EMAIL_REFUSALS = new Set(['report_email_refused', 'report_email_quota']);

/**
 * POST MASAPI/sendReportEmail as multipart: toAddress, subject, body, pdfFile, fileName
 * (docs/product/live-alarms-and-testing.md#calls). A refusal of the bridge (a rule of
 * shared/reportEmail, the daily cap) fails with its message as the error shown, as the monitoring
 * center's own errors are.
 */
export async function sendReportEmail(email: ReportEmail): Promise<string> {
  const form = new FormData();
  form.set('toAddress', email.toAddress);
  form.set('subject', email.subject);
  form.set('body', email.body);
  form.set('fileName', email.fileName);
  form.set('pdfFile', email.pdf, email.fileName);
  try {
    return await postEnvelope('/api/MASAPI/sendReportEmail', z.string().catch(''), { body: form });
  } catch (e) {
    if (e instanceof ApiError && REPORT_EMAIL_REFUSALS.has(e.error))
      throw new ApiError(e.status, e.error, e.message, [e.message]);
    throw e;
  }
}
