import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Running } from '../../server/app/startAll';
import { startStack } from '../../tests/browser/liveAlarmsStack';

/**
 * The world of the default `npm start` for the browser benches (issue 38): the embedded
 * simulator's defaults (6 agencies x 400 sites, 24 hours of history, its signal rate), the
 * identity's feeds always on, the bridge's default poll interval. Only the ports, the log and
 * where recordings go differ (a temporary folder, never the repository).
 */
export function startDefaultWorld(): Promise<Running> {
  return startStack({
    POLL_MS: undefined,
    SIM_SIGNAL_RATE: undefined,
    RECORD_AGENCIES: undefined,
    RECORDINGS_DIR: mkdtempSync(join(tmpdir(), 'bench-recordings-')),
  });
}

/** Signs in through the bridge's API as a script does; answers the session cookie and agency. */
export async function signInCookie(url: string, username = 'owner', password = 'owner123') {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const body = (await res.json()) as { profile: { agencyId: string } };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], agencyId: body.profile.agencyId };
}
