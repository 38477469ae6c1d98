import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';
import { UNABLE_TO_PROCESS } from '../../../../machines/messages';
import { getEnvelope } from '../api/apiClient';
import { ApiError, failureMessage } from '../api/apiError';
import { siteSystemSchema, type SiteSystem } from '../api/rowSchemas';
import { yieldToMain } from '../schedule/yieldToMain';
import { createStore } from '../store/createStore';
import { useStore } from '../store/useStore';
import { local, STORAGE_KEYS } from '../storage/clientStorage';

/**
 * The all-accounts list (docs/product/shell-session-search.md#states): loaded once per sign-in,
 * when a screen first shows it (useAllAccounts), it feeds the toolbar's global search and the
 * top-50 sites list. It is the one server list the shell keeps, because the spec makes it a
 * session-wide lookup.
 */
export const ACCOUNTS_FAILED = 'Unable to get all site systems.';

export interface AllAccountsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  accounts: readonly SiteSystem[];
}

export const allAccounts = createStore<AllAccountsState>({ status: 'idle', accounts: [] });

/**
 * The agency whose rows the user sees: the corporate one when present and different
 * (docs/product/shell-session-search.md#roles).
 */
export function ownAgencyId(
  profile: Pick<PublicProfile, 'agencyId' | 'agencyIdForCorpAccount' | 'install_servco_Type'>,
): string {
  const corp = profile.agencyIdForCorpAccount;
  if (profile.install_servco_Type?.toUpperCase() === 'C' && corp && corp !== profile.agencyId) return corp;
  return profile.agencyId;
}

// NOTE: one collator for the whole sort: localeCompare with options builds one per comparison.
// Made on the first sort, not as the start's chunk loads: the first collator of a page loads the
// locale's collation data (10-15 ms on a phone), and the Live Alarm View collates nothing.
const csNoOrder = onFirstUse(() => new Intl.Collator(undefined, { numeric: true }));
const byCsNo = (a: SiteSystem, b: SiteSystem) => csNoOrder().compare(a.cs_no, b.cs_no);

/**
 * The top-50 list: own agency's accounts ordered by cs_no, cut to 100, then one entry per site,
 * at most 50. Rows without a servco_no are kept (the answer is already scoped by the bridge).
 */
export function topSites(accounts: readonly SiteSystem[], agencyId: string): SiteSystem[] {
  const own = accounts.filter((a) => !a.servco_no || a.servco_no === agencyId);
  const first100 = [...own].sort(byCsNo).slice(0, 100);
  const bySite = new Map<string, SiteSystem>();
  for (const a of first100) if (!bySite.has(a.site_no)) bySite.set(a.site_no, a);
  return [...bySite.values()].slice(0, 50);
}

/** The list's rows as they came: an array (null when empty), each row checked below. */
const rawRows = onFirstUse(() => z.optional(z.nullable(z.array(z.unknown()))));
const rowsSchema = onFirstUse(() => z.array(siteSystemSchema()));

/**
 * Rows checked per slice. The list runs to thousands of rows: checked in one go, it held a
 * phone's main thread for a third of a second; between slices the page answers.
 */
export const ROWS_PER_SLICE = 250;

/** Loads the list; any row that fails its schema fails the whole answer, as one check would. */
export async function fetchAllAccounts(signal?: AbortSignal): Promise<SiteSystem[]> {
  const raw = (await getEnvelope('/api/GetAllAccountsBySeqNo', rawRows(), { signal })) ?? [];
  const accounts: SiteSystem[] = [];
  for (let i = 0; i < raw.length; i += ROWS_PER_SLICE) {
    if (i > 0) await yieldToMain();
    signal?.throwIfAborted();
    const checked = z.safeParse(rowsSchema(), raw.slice(i, i + ROWS_PER_SLICE));
    if (!checked.success) throw new ApiError(200, 'bad_response', UNABLE_TO_PROCESS);
    for (const row of checked.data) accounts.push(row);
  }
  return accounts;
}

/** Loads the list; resolves to the message to show when it failed, else null. */
export async function loadAllAccounts(
  profile: PublicProfile,
  fetchList: (signal?: AbortSignal) => Promise<SiteSystem[]> = fetchAllAccounts,
  signal?: AbortSignal,
): Promise<string | null> {
  allAccounts.setState({ status: 'loading', accounts: [] });
  try {
    const accounts = await fetchList(signal);
    allAccounts.setState({ status: 'ready', accounts });
    local.set(STORAGE_KEYS.top50Sites, JSON.stringify(topSites(accounts, ownAgencyId(profile))));
    return null;
  } catch (e) {
    if (signal?.aborted) return null;
    allAccounts.setState({ status: 'failed', accounts: [] });
    local.remove(STORAGE_KEYS.top50Sites);
    return failureMessage(e, ACCOUNTS_FAILED);
  }
}

/** The session's load of the list, kept until a screen first needs it. */
let loadOnNeed: (() => void) | null = null;
/** Whether a screen of this session has needed the list: a new session's list then loads at once. */
let needed = false;

/**
 * Sets what loads the list for the session now signed in (or switched to another company). It
 * runs when a screen first needs the list, or at once when one already has in this session.
 * NOTE: the list is about 1 MB of JSON checked row by row; a first screen that does not show it
 * (the Live Alarm View) does not pay for it.
 */
export function loadAllAccountsWhenNeeded(load: () => void): void {
  if (needed) {
    loadOnNeed = null;
    load();
    return;
  }
  loadOnNeed = load;
  allAccounts.setState({ status: 'idle', accounts: [] });
}

/** A screen shows the list: the session's first need loads it. */
export function needAllAccounts(): void {
  needed = true;
  const load = loadOnNeed;
  loadOnNeed = null;
  load?.();
}

/** The list for a screen that shows it: asks for it as the screen mounts. */
export function useAllAccounts<T = AllAccountsState>(
  selector: (s: AllAccountsState) => T = (s) => s as T,
): T {
  useEffect(needAllAccounts, []);
  return useStore(allAccounts, selector);
}

export function resetAllAccounts(): void {
  loadOnNeed = null;
  needed = false;
  allAccounts.setState({ status: 'idle', accounts: [] });
}
