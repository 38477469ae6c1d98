import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Running } from '../../server/app/startAll';
import { ROOT, startStack } from '../../tests/browser/liveAlarmsStack';

/** What a bench needs of the world: where the bridge listens, and its end. */
export interface World {
  bridge: { url: string };
  close(): Promise<void>;
}

/** `--world-nice N`: the world's niceness (0: as the browser); 19 unless told. */
const n = process.argv.indexOf('--world-nice');
export const WORLD_NICE = n > 0 ? Number(process.argv[n + 1]) : 19;

/**
 * The world of the default `npm start` for the browser benches (issue 38), in a process of its
 * own at the lowest priority (`nice -n 19`, or `--world-nice`).
 *
 * NOTE: a phone or a TV stick does not run the bridge; on this 2-core host it shares the cores
 * with the page measured. A Lighthouse trace of the Live Alarm View showed the page's thread
 * waiting 21 ms (thread time 0) while the bridge built the first rows it had just asked for, and
 * Lighthouse scales such waits by its multiplier. At the lowest priority the bridge and the
 * simulator run when the browser leaves a core free: the page's answers still wait for them, the
 * page's tasks do not (docs/decisions.md, "The benches' world runs below the page").
 */
export async function startDefaultWorld(nice = WORLD_NICE): Promise<World> {
  const child = spawn(
    'nice',
    ['-n', String(nice), process.execPath, '--import', 'tsx', join(ROOT, 'bench/client/worldProcess.ts')],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (l) => (lines.close(), resolve(l)));
    child.once('exit', (code) => reject(new Error(`the world's process ended (${code}) before it listened`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return {
    bridge: { url },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The same world in this process: the simulator's defaults (6 agencies x 400 sites, 24 hours of
 * history, its signal rate), the identity's feeds always on, the bridge's default poll interval.
 * Only the ports, the log and where recordings go differ (a temporary folder, never the
 * repository).
 */
export function startDefaultWorldHere(): Promise<Running> {
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
