import { z } from 'zod';
import { getEnvelope } from '../../lib/api/apiClient';
import { defaultExpiry, parseMonitored, type CertificateFields } from './certificateModel';

const text = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v) => (v == null ? '' : String(v).trim()));

/**
 * Certificate details (docs/product/reports-and-settings.md#entities); the first item of the result
 * list is used.
 */
const detailsSchema = z.object({
  cs_no: text,
  site_name: text,
  site_addr1: text,
  site_addr2: text,
  city_name: text,
  state_id: text,
  zip_code: text,
  dealer_name: text,
  dealer_addr1: text,
  dealer_addr2: text,
  dealer_city: text,
  dealer_state: text,
  dealer_zip: text,
  monitored: text,
});

/** The fields of the account's certificate, or null when the search found nothing. */
export async function loadCertificate(csNo: string, today: Date): Promise<CertificateFields | null> {
  const list = await getEnvelope(
    '/api/GetMonitorCertificateDetails',
    z
      .array(detailsSchema)
      .nullable()
      .transform((v) => v ?? []),
    { query: { CsNo: csNo } },
  );
  const d = list[0];
  if (!d) return null;
  return {
    csNo: d.cs_no || csNo,
    siteName: d.site_name,
    siteAddr1: d.site_addr1,
    siteAddr2: d.site_addr2,
    siteCity: d.city_name,
    siteState: d.state_id,
    siteZip: d.zip_code,
    dealerName: d.dealer_name,
    dealerAddr1: d.dealer_addr1,
    dealerAddr2: d.dealer_addr2,
    dealerCity: d.dealer_city,
    dealerState: d.dealer_state,
    dealerZip: d.dealer_zip,
    // NOTE: 'Other' needs its text (docs/product/reports-and-settings.md#states); the upstream
    // sends only the code, so it starts unticked.
    monitored: parseMonitored(d.monitored).filter((c) => c !== 'O'),
    otherText: '',
    expiry: defaultExpiry(today),
  };
}
