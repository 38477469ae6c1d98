import * as z from 'zod/mini';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { getEnvelope } from '../api/apiClient';
import { firstFailureMessage } from '../api/apiError';
import { readSitePreferences } from '../session/sitePreferences';

/**
 * The hand-off to the external tools (docs/product/shell-session-search.md#states): a transfer call
 * returns a url; tool 7001 (and 0, which means the same tool) opens it in a new tab without opener
 * or referrer, any other tool replaces the current page. Only the first error of a failed transfer
 * is shown.
 */
export const DATA_MANAGEMENT_TOOL = 7001;

export interface HandOffTarget {
  siteNo: string;
  systemNo: string;
  csNo: string;
}

/** The Data Management menu item sends empty site, system and cs values. */
export const DATA_MANAGEMENT_ENTRY: HandOffTarget = { siteNo: '', systemNo: '', csNo: '' };

/** The user's tool: the saved site preference when present, else the profile's. */
export function dataManagementToolOf(profile: PublicProfile | null): number {
  const raw = readSitePreferences(profile).DataManagementTool;
  const pref = raw == null || raw === '' ? Number.NaN : Number(raw);
  if (Number.isFinite(pref)) return pref;
  return profile?.dataManagementTool ?? DATA_MANAGEMENT_TOOL;
}

/** The DMTool value the transfer call sends: 7001 when the tool is 0. */
export const transferToolCode = (tool: number): number => (tool === 0 ? DATA_MANAGEMENT_TOOL : tool);

export const opensInNewTab = (tool: number): boolean => tool === 0 || tool === DATA_MANAGEMENT_TOOL;

export const handOffTooltip = (tool: number): string =>
  opensInNewTab(tool) ? 'Go to Data Management' : 'Go to MasWeb Classic';

export function fetchTransferUrl(target: HandOffTarget, tool: number, signal?: AbortSignal): Promise<string> {
  return getEnvelope('/api/GetMasWebPlusTransfer', z.string().check(z.minLength(1)), {
    query: {
      SiteNo: target.siteNo,
      SystemNo: target.systemNo,
      Cs_No: target.csNo,
      DMTool: transferToolCode(tool),
    },
    signal,
  });
}

export interface HandOffDeps {
  fetchUrl(target: HandOffTarget, tool: number): Promise<string>;
  openTab(url: string): void;
  navigateTo(url: string): void;
  showError(message: string): void;
}

export const browserHandOffDeps: HandOffDeps = {
  fetchUrl: (t, tool) => fetchTransferUrl(t, tool),
  openTab: (url) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  navigateTo: (url) => window.location.assign(url),
  showError: () => undefined,
};

export const UNSAFE_HANDOFF_MESSAGE = 'The hand-off link is not a secure (https) address.';

/**
 * Whether a transfer url may be followed: https always; plain http only while the portal itself
 * is served over http (development, where the simulator's own address answers).
 */
export function isSafeHandOffUrl(url: string, pageProtocol: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && pageProtocol === 'http:');
}

/** Runs one hand-off; resolves true when the tool was opened. */
export async function handOff(target: HandOffTarget, tool: number, deps: HandOffDeps): Promise<boolean> {
  let url: string;
  try {
    url = await deps.fetchUrl(target, tool);
  } catch (e) {
    deps.showError(firstFailureMessage(e));
    return false;
  }
  if (!isSafeHandOffUrl(url, globalThis.location?.protocol ?? 'https:')) {
    deps.showError(UNSAFE_HANDOFF_MESSAGE);
    return false;
  }
  if (opensInNewTab(tool)) deps.openTab(url);
  else deps.navigateTo(url);
  return true;
}
