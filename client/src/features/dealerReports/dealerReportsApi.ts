import { z } from 'zod';
import type { PublicProfile, ServiceCompany } from '../../../../shared/upstream/loginProfile';
import { getEnvelope, postEnvelope } from '../../lib/api/apiClient';

const text = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v) => (v == null ? '' : String(v)));

/** An account of a service company (GetSiteByServCoNo): what the Account No box suggests. */
const siteAccountSchema = z.object({ site_no: text, cs_no: text, site_name: text, acct_status: text });
export type SiteAccount = z.infer<typeof siteAccountSchema>;

export const SITES_PATH = '/api/GetSiteByServCoNo';

export function loadCompanySites(servcoNo: string, signal: AbortSignal): Promise<SiteAccount[]> {
  return getEnvelope(
    SITES_PATH,
    z
      .array(siteAccountSchema)
      .nullable()
      .transform((v) => v ?? []),
    {
      query: { ServcoNo: servcoNo },
      signal,
    },
  );
}

/** The id a report names a service company by. */
export function servcoNoOf(c: ServiceCompany): string {
  return c.servco_no ?? c.install_servco_no ?? c.corpacct_servco_no ?? c.contractor_servco_no ?? '';
}

/** The companies of the login record; the user's own first when the list is empty. */
export function companiesOf(profile: PublicProfile): ServiceCompany[] {
  if (profile.serviceCompanyList.length > 0) return profile.serviceCompanyList;
  return [
    { servco_name: 'My company', servco_Type: profile.install_servco_Type, servco_no: profile.servco_no },
  ];
}

/**
 * The rows come as JSON text (docs/product/reports-and-settings.md#entities); rows are kept as flat
 * records of text.
 */
const rowsOfText = z.string().transform((s, c) => {
  try {
    const parsed: unknown = JSON.parse(s || '[]');
    const rows = z.array(z.record(z.string(), z.unknown())).safeParse(parsed);
    if (rows.success)
      return rows.data.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v == null ? '' : String(v)])),
      );
  } catch {
    // falls through
  }
  c.addIssue({ code: 'custom', message: 'rows' });
  return z.NEVER;
});
export type ReportRow = Record<string, string>;

export type ReportKind = 'zone' | 'contact' | 'corporateContact';

export function runDealerReport(
  kind: ReportKind,
  params: { servcoNo: string; csNo: string; corpNo?: string },
): Promise<ReportRow[]> {
  if (kind === 'zone')
    return postEnvelope('/api/Report/GetZoneSummaryReport', rowsOfText, {
      body: { Servco_no: params.servcoNo, CsNo: params.csNo },
    });
  if (kind === 'contact')
    return postEnvelope('/api/Report/GetContactSummaryReport', rowsOfText, {
      body: { Servco_no: params.servcoNo, CsNo: params.csNo, type: 'C' },
    });
  return postEnvelope('/api/Report/GetContactSummaryReportByCorpNo', rowsOfText, {
    body: { CorpNo: params.corpNo, CsNo: params.csNo || undefined },
  });
}

export const DEALER_REPORT_MESSAGES = {
  enterAccount: 'Please enter account no.',
  validAccount: 'Please enter valid account no.',
  noRecords: 'No Records found for the given account no.',
  enterCorp: 'Please enter corporate account no.',
} as const;

/**
 * Suggestions: case-insensitive substring of the CS#, at most 100
 * (docs/product/reports-and-settings.md#validation).
 */
export function suggestAccounts(sites: readonly SiteAccount[], typed: string, cap = 100): SiteAccount[] {
  const q = typed.trim().toLowerCase();
  if (!q) return [];
  const out: SiteAccount[] = [];
  for (const s of sites) {
    if (s.cs_no.toLowerCase().includes(q)) out.push(s);
    if (out.length >= cap) break;
  }
  return out;
}

/** The account typed, if it is one of the company's (case-insensitive); null otherwise. */
export function knownAccount(sites: readonly SiteAccount[], typed: string): SiteAccount | null {
  const q = typed.trim().toLowerCase();
  return sites.find((s) => s.cs_no.toLowerCase() === q) ?? null;
}

/**
 * The check before Run (docs/product/reports-and-settings.md#validation); null when the report may
 * run.
 */
export function accountProblem(sites: readonly SiteAccount[] | null, typed: string): string | null {
  if (!typed.trim()) return DEALER_REPORT_MESSAGES.enterAccount;
  if (sites && !knownAccount(sites, typed)) return DEALER_REPORT_MESSAGES.validAccount;
  return null;
}
