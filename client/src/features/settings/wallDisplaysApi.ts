import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import {
  wallListSchema,
  wallSummarySchema,
  type PairWallRequest,
  type WallSummary,
} from '../../../../shared/walls/wallApi';
import { del, get, post } from '../../lib/api/apiClient';

/** The Settings side of wall displays (docs/api.md, "Wall displays"). */
export const WALLS_PATH = '/api/walls';

export async function loadWalls(signal: AbortSignal): Promise<WallSummary[]> {
  return (await get(WALLS_PATH, { schema: wallListSchema, signal })).walls;
}

export function pairWall(request: PairWallRequest): Promise<WallSummary> {
  return post(WALLS_PATH, request, { schema: wallSummarySchema });
}

export async function removeWall(id: string): Promise<void> {
  await del(`${WALLS_PATH}/${encodeURIComponent(id)}`);
}

/**
 * The agencies a user may put on a wall: their own first, then each company of their list
 * (what the bridge checks: visibleAgencies), each once, by its name.
 */
export function wallAgencyOptions(
  profile: Pick<PublicProfile, 'agencyId' | 'agencyIdForCorpAccount' | 'serviceCompanyList'>,
): Array<{ id: string; name: string }> {
  const options = new Map<string, string>();
  const nameOf = (id: string) =>
    profile.serviceCompanyList.find((c) =>
      [c.servco_no, c.install_servco_no, c.corpacct_servco_no].includes(id),
    )?.servco_name;
  options.set(profile.agencyId, nameOf(profile.agencyId) ?? `Agency ${profile.agencyId}`);
  for (const c of profile.serviceCompanyList) {
    const id = c.servco_no ?? c.install_servco_no ?? c.corpacct_servco_no ?? c.contractor_servco_no;
    if (id && !options.has(id)) options.set(id, c.servco_name || `Agency ${id}`);
  }
  const corp = profile.agencyIdForCorpAccount;
  if (corp && !options.has(corp)) options.set(corp, nameOf(corp) ?? `Agency ${corp}`);
  return [...options].map(([id, name]) => ({ id, name }));
}
