import { z } from 'zod';
import { UNABLE_TO_PROCESS } from '../../../../machines/messages';
import type { OnTestSaveInput, SaveOnTestAnswer } from '../../../../machines/placeOnTest/onTest';
import type { SignalFormatType, SiteTestLookups } from '../../../../machines/placeOnTest/siteTestForm';
import { saveAnswerOf } from '../../../../shared/upstream/onTestAnswers';
import {
  serviceTypeRowSchema,
  signalFormatRowSchema,
  signalFormatTypeRowSchema,
  siteSystemRowSchema,
  testCategoryRowSchema,
  zoneRowSchema,
  zoneStateRowSchema,
} from '../../../../shared/upstream/onTestRows';
import { getEnvelope, postEnvelope } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';
import { listOf } from '../../lib/api/rowSchemas';

/**
 * The bridge calls of Place On Test (docs/product/live-alarms-and-testing.md#calls). The form's
 * machine runs the first three as its actors (placeOnTestActors.ts); the screen reads the event
 * history through lib/onTest/siteTestEvents.ts.
 */

const siteDetailsSchema = z.object({ SiteUTCOffset: z.coerce.number().nullish() }).loose();

/** Every lookup of the form and the site's systems, zones and UTC offset, in parallel. */
export async function loadSiteTest(siteNo: string, signal?: AbortSignal): Promise<SiteTestLookups> {
  const site = { SiteNo: siteNo };
  const [categories, serviceTypes, signalFormats, zoneStates, systems, zones, details] = await Promise.all([
    getEnvelope('/api/OnTest/GetTestCategory', listOf(testCategoryRowSchema), { signal }),
    getEnvelope('/api/OnTest/GetServiceTypes', listOf(serviceTypeRowSchema), { signal }),
    getEnvelope('/api/OnTest/GetSignalFormat', listOf(signalFormatRowSchema), { signal }),
    getEnvelope('/api/OnTest/GetZoneStates', listOf(zoneStateRowSchema), { signal }),
    getEnvelope('/api/OnTest/GetSiteSystemsBySiteNo', listOf(siteSystemRowSchema), { query: site, signal }),
    getEnvelope('/api/OnTest/GetAllZonesBySiteSystemNo', listOf(zoneRowSchema), { query: site, signal }),
    getEnvelope('/api/OnTest/GetSiteDetailsBySiteNo', siteDetailsSchema, { query: site, signal }),
  ]);
  return {
    categories,
    serviceTypes,
    signalFormats,
    zoneStates,
    systems: systems.map((s) => ({ system_no: s.system_no, cs_no: s.cs_no })),
    zones: zones.map((z) => ({
      system_no: z.system_no,
      zone_id: z.zone_id,
      comment: z.comment,
      staz_flag: z.staz_flag,
      on_test_flag: z.on_test_flag,
    })),
    siteUtcOffset: details.SiteUTCOffset ?? null,
  };
}

/** GET OnTest/GetSignalFormatTypes for one signal format. */
export function loadSignalTypes(sigformId: string, signal?: AbortSignal): Promise<SignalFormatType[]> {
  return getEnvelope('/api/OnTest/GetSignalFormatTypes', listOf(signalFormatTypeRowSchema), {
    query: { sigform_id: sigformId },
    signal,
  });
}

/**
 * POST OnTest/SaveOnTest. A refusal with the upstream's errors is an answer the machine shows;
 * no reply at all rejects ('Unable to process your request.').
 */
export async function saveOnTest(input: OnTestSaveInput, csNo?: string): Promise<SaveOnTestAnswer> {
  try {
    const result = await postEnvelope('/api/OnTest/SaveOnTest', z.unknown(), {
      body: input.record,
      // For the bridge's audit only: the record names site and system, the activity log the CS#.
      headers: csNo ? { 'x-cs-no': csNo } : undefined,
    });
    return saveAnswerOf({ result, errors: [] }, UNABLE_TO_PROCESS);
  } catch (e) {
    if (e instanceof ApiError && e.upstreamErrors.length > 0)
      return { result: null, errors: [...e.upstreamErrors] };
    throw e;
  }
}

/** The site's systems for the header bar's System dropdown. */
export function siteSystems(siteNo: string, signal?: AbortSignal) {
  return getEnvelope('/api/OnTest/GetSiteSystemsBySiteNo', listOf(siteSystemRowSchema), {
    query: { SiteNo: siteNo },
    signal,
  });
}
