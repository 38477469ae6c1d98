import { z } from 'zod';
import { credentialFor, type FeedIdentity } from '../rights/upstreamCredential';
import type { BridgeSession } from '../session/sessionStore';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { readReportRows } from './upstreamMail';

/**
 * What a schedule or a reminder may name: the accounts of an agency as the upstream lists them
 * (`GET GetSiteByServCoNo`, the dealer reports' account list). A schedule's site is checked against
 * this list with its creator's own session when it is made, and with the bridge's identity at every
 * run; rows read for a run are checked against it before anything is attached.
 */

const idText = z.union([z.number(), z.string()]).transform(String);
/** A row of the account list (upstream:check reads it with this schema too). */
export const accountRowSchema = z.object({ site_no: idText, cs_no: idText, system_no: idText });
export type AgencyAccount = z.infer<typeof accountRowSchema>;

/** The agency's accounts (every site, CS# and system), read with `identity`. */
export function agencyAccounts(
  upstream: UpstreamClient,
  identity: FeedIdentity | null,
  agencyId: string,
): Promise<AgencyAccount[]> {
  return readReportRows(upstream, identity, {
    path: 'GetSiteByServCoNo',
    query: { ServcoNo: agencyId },
    rows: z.array(accountRowSchema),
  });
}

/** The accounts of one site of the agency; empty when the site is not the agency's (or does not exist). */
export const accountsOfSite = (accounts: readonly AgencyAccount[], siteNo: string): AgencyAccount[] =>
  accounts.filter((a) => a.site_no === siteNo);

/** How the audit names a site's accounts: its CS#s, or null when none is known. */
export const csNosOf = (accounts: readonly AgencyAccount[]): string | null =>
  accounts.length > 0 ? [...new Set(accounts.map((a) => a.cs_no))].join(', ').slice(0, 200) : null;

// The spellings the upstream's rows use for an account's ids (docs/upstream-api.md#rows).
const CS_FIELDS = ['cs_no', 'cS_', 'cs_No', 'csNo'];
const SYSTEM_FIELDS = ['system_no', 'system_No', 'systemNo'];
const SITE_FIELDS = ['site_no', 'site_No', 'siteNo'];

function fieldOf(row: unknown, names: readonly string[]): string | null {
  if (row === null || typeof row !== 'object') return null;
  for (const n of names) {
    if (!Object.hasOwn(row, n)) continue;
    const v: unknown = Reflect.get(row, n);
    if (v !== null && v !== undefined && v !== '') return String(v).trim();
  }
  return null;
}

/**
 * How many rows name an account, system or site outside `accounts`: a row that carries a CS#, a
 * system or a site number must be one of them. Rows that carry none of these (a monthly count)
 * are the agency's by the call that read them.
 */
export function rowsOutside(rows: readonly unknown[], accounts: readonly AgencyAccount[]): number {
  const cs = new Set(accounts.map((a) => a.cs_no));
  const systems = new Set(accounts.map((a) => a.system_no));
  const sites = new Set(accounts.map((a) => a.site_no));
  let outside = 0;
  for (const row of rows) {
    const c = fieldOf(row, CS_FIELDS);
    const s = fieldOf(row, SYSTEM_FIELDS);
    const site = fieldOf(row, SITE_FIELDS);
    if ((c !== null && !cs.has(c)) || (s !== null && !systems.has(s)) || (site !== null && !sites.has(site)))
      outside++;
  }
  return outside;
}

/** A user's own upstream session as the reads above take it (never invalidated from here). */
export function sessionIdentity(s: BridgeSession): FeedIdentity & { expired(): boolean } {
  let expired = false;
  const credential = credentialFor(s.id, s.upstreamSessionId, s.profile);
  return {
    credential: () => Promise.resolve(expired ? null : credential),
    invalidate: () => {
      expired = true;
    },
    expired: () => expired,
  };
}
