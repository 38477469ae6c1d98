import { z } from 'zod';
import { postEnvelope } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';

/**
 * A sub-account of the owner (docs/product/reports-and-settings.md#entities, "Sub-account (child
 * contact)").
 */
const childSchema = z.object({
  ContactName: z.string().nullable().default(''),
  contact_no: z.union([z.number(), z.string()]).transform(String),
  SelectedNavIds: z.string().nullable().optional(),
  DataManagementTool: z.coerce.number().nullable().optional(),
  DefaultLiveAlarmViewTab: z.coerce.number().nullable().optional(),
  GraphsView: z.coerce.number().nullable().optional(),
});
export type SubAccount = z.infer<typeof childSchema>;

export const NO_SUB_ACCOUNTS_FOUND = 'No sub-accounts found.';

export const CHILD_LIST_PATH = '/api/Contact/GetChildContactList';

/**
 * The owner's sub-accounts; the answer is JSON text, and text that does not parse is a warning
 * (docs/product/reports-and-settings.md#messages).
 */
export async function loadSubAccounts(signal: AbortSignal): Promise<SubAccount[]> {
  const text = await postEnvelope(CHILD_LIST_PATH, z.string(), { signal });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(200, 'bad_response', NO_SUB_ACCOUNTS_FOUND, [NO_SUB_ACCOUNTS_FOUND]);
  }
  const list = z.array(childSchema).safeParse(parsed);
  if (!list.success) throw new ApiError(200, 'bad_response', NO_SUB_ACCOUNTS_FOUND, [NO_SUB_ACCOUNTS_FOUND]);
  return list.data;
}

/**
 * Saves a sub-account's menu list; the answer's text is the success toast
 * (docs/product/reports-and-settings.md#messages).
 */
export function saveSubAccountMenu(child: SubAccount, navIds: readonly string[]): Promise<string> {
  return postEnvelope('/api/Contact/UpdateChildSitePreference', z.string(), {
    body: {
      contact_no: Number(child.contact_no),
      SelectedNavIds: navIds.join(','),
      DataManagementTool: child.DataManagementTool ?? undefined,
      DefaultLiveAlarmViewTab: child.DefaultLiveAlarmViewTab ?? undefined,
      GraphsView: child.GraphsView ?? undefined,
    },
  });
}
