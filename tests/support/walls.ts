import { pairingStateSchema } from '../../shared/walls/wallApi';

/** What a browser sends with a write to the bridge (sameSiteOnly): its own origin. */
const originOf = (bridgeUrl: string) => new URL(bridgeUrl).origin;

function cookieOf(res: Response, name: string): string | null {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return null;
}

/** A waiting wall (no session): asks for a pairing code; answers the code and its claim cookie. */
export async function waitingWall(bridgeUrl: string) {
  const res = await fetch(`${bridgeUrl}/api/walls/pairing`, {
    method: 'POST',
    headers: { origin: originOf(bridgeUrl) },
  });
  if (res.status !== 200) throw new Error(`code refused: ${res.status} ${await res.text()}`);
  const state = pairingStateSchema.parse(await res.json());
  if (state.state !== 'waiting') throw new Error(`no code: ${JSON.stringify(state)}`);
  return { code: state.code, cookie: cookieOf(res, 'dlp_wall_pairing')! };
}

/** A signed-in user pairs a code in Settings (POST /api/walls). */
export async function pairWall(
  bridgeUrl: string,
  sessionCookie: string,
  body: { code: string; agencyId: string; views: string[]; name?: string },
) {
  const res = await fetch(`${bridgeUrl}/api/walls`, {
    method: 'POST',
    headers: { origin: originOf(bridgeUrl), cookie: sessionCookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The waiting wall's next poll after it was paired: answers its device cookie. */
export async function collectCredential(bridgeUrl: string, pairingCookie: string): Promise<string> {
  const res = await fetch(`${bridgeUrl}/api/walls/pairing`, { headers: { cookie: pairingCookie } });
  const cookie = cookieOf(res, 'dlp_wall');
  if (!cookie) throw new Error(`no credential: ${await res.text()}`);
  return cookie;
}

/** A wall paired by `sessionCookie` for `agencyId`: its device cookie and id. */
export async function pairedWall(
  bridgeUrl: string,
  sessionCookie: string,
  agencyId: string,
  views: string[] = ['alarms', 'counts', 'map'],
) {
  const wall = await waitingWall(bridgeUrl);
  const paired = await pairWall(bridgeUrl, sessionCookie, { code: wall.code, agencyId, views });
  if (paired.status !== 201) throw new Error(`pairing failed: ${JSON.stringify(paired.body)}`);
  return { id: String(paired.body.id), cookie: await collectCredential(bridgeUrl, wall.cookie) };
}

/** Settings' "Remove". */
export async function removeWall(bridgeUrl: string, sessionCookie: string, id: string): Promise<number> {
  const res = await fetch(`${bridgeUrl}/api/walls/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { origin: originOf(bridgeUrl), cookie: sessionCookie },
  });
  return res.status;
}
