import type { SiteSystem } from '../../lib/api/rowSchemas';

/**
 * The toolbar's global account search (docs/product/shell-session-search.md#global-account-search,
 * #validation).
 */
export const SEARCH_FIELDS = [
  { key: 'csNo', label: 'CS#', field: 'cs_no' },
  { key: 'siteName', label: 'Site Name', field: 'site_name' },
  { key: 'siteNo', label: 'Site#', field: 'site_no' },
  { key: 'systemNo', label: 'System#', field: 'system_no' },
] as const satisfies readonly { key: string; label: string; field: keyof SiteSystem }[];

export type SearchFieldKey = (typeof SEARCH_FIELDS)[number]['key'];

export const SUGGESTION_CAP = 1000;
export const NO_RESULTS = 'No results..';

export const placeholderFor = (key: SearchFieldKey): string => `Enter ${fieldOf(key).label} to search`;

export function fieldOf(key: SearchFieldKey) {
  return SEARCH_FIELDS.find((f) => f.key === key) ?? SEARCH_FIELDS[0];
}

/**
 * Suggestions: accounts whose chosen field (and only that field) contains the text,
 * case-insensitively; at most 1000. An empty text suggests nothing.
 */
export function searchAccounts(
  accounts: readonly SiteSystem[],
  key: SearchFieldKey,
  text: string,
  cap: number = SUGGESTION_CAP,
): SiteSystem[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const field = fieldOf(key).field;
  const out: SiteSystem[] = [];
  for (const a of accounts) {
    if (a[field].toLowerCase().includes(q)) {
      out.push(a);
      if (out.length >= cap) break;
    }
  }
  return out;
}
