import { z } from 'zod';
import { getEnvelope } from '../../lib/api/apiClient';

const text = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v) => (v == null ? '' : String(v).trim()));
const coord = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v) => (v == null || v === '' ? null : Number(v)));

/** A site's information card (AlarmBuffer/GetSiteInfo). */
const siteInfoSchema = z.object({
  site_no: text,
  site_name: text,
  site_addr1: text,
  site_addr2: text,
  city_name: text,
  state_id: text,
  zip_code: text,
  phone: text,
  phone1: text,
  lat: coord,
  lng: coord,
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** A system of a site (OnTest/GetSiteSystemsBySiteNo). */
const siteSystemSchema = z.object({
  system_no: text,
  cs_no: text,
  site_no: text,
  site_name: text,
  systype_id: text,
  panel_id: text,
  zone_count: text,
  IsSystemOnTest: z.boolean().nullable().optional(),
});
export type SiteSystemRow = z.infer<typeof siteSystemSchema>;

/** A zone of a system (OnTest/GetSystemData). */
const zoneSchema = z
  .object({
    zone_id: text,
    comment: text,
    equiploc_id: text,
    event_id: text,
    zonestate_id: text,
  })
  .passthrough();
const systemDataSchema = z
  .object({
    zones: z
      .array(zoneSchema)
      .nullable()
      .optional()
      .transform((v) => v ?? []),
  })
  .passthrough();
export type ZoneRow = z.infer<typeof zoneSchema>;

export const SITE_INFO_PATH = '/api/AlarmBuffer/GetSiteInfo';
export const SITE_SYSTEMS_PATH = '/api/OnTest/GetSiteSystemsBySiteNo';
export const SYSTEM_DATA_PATH = '/api/OnTest/GetSystemData';

export const loadSiteInfo = (siteNo: string, signal: AbortSignal) =>
  getEnvelope(SITE_INFO_PATH, siteInfoSchema, { query: { SiteId: siteNo }, signal });

export const loadSiteSystems = (siteNo: string, signal: AbortSignal) =>
  getEnvelope(
    SITE_SYSTEMS_PATH,
    z
      .array(siteSystemSchema)
      .nullable()
      .transform((v) => v ?? []),
    { query: { SiteNo: siteNo }, signal },
  );

export const loadZones = async (systemNo: string, signal: AbortSignal) =>
  (await getEnvelope(SYSTEM_DATA_PATH, systemDataSchema, { query: { SystemNo: systemNo }, signal })).zones;

/** The site a screen was opened with (router state `{ site }`): its site number and what is known. */
export interface SiteArg {
  site_no: string;
  cs_no?: string;
  site_name?: string;
  system_no?: string;
}

export function siteArgOf(state: unknown): SiteArg | null {
  if (!state || typeof state !== 'object' || !('site' in state)) return null;
  const s = (state as { site: unknown }).site;
  if (!s || typeof s !== 'object' || !('site_no' in s)) return null;
  const r = s as Record<string, unknown>;
  const str = (v: unknown) => (v == null ? undefined : String(v));
  const siteNo = str(r.site_no);
  return siteNo
    ? {
        site_no: siteNo,
        cs_no: str(r.cs_no),
        site_name: str(r.site_name ?? r.name),
        system_no: str(r.system_no),
      }
    : null;
}
