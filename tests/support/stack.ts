import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config/bridgeConfig';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { startSimulator } from '../../simulator/createSimulator';

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** Starts a simulator on an ephemeral port (generator paused unless asked). */
export async function startSim(opts: Parameters<typeof startSimulator>[0] = {}): Promise<Simulator> {
  return startSimulator({
    port: 0,
    host: '127.0.0.1',
    seed: 7,
    agencies: 4,
    sitesPerAgency: 60,
    generator: false,
    ...opts,
  });
}

/** Starts a bridge on an ephemeral port against an upstream, quiet logs, no client build. */
export async function startTestBridge(
  upstreamUrl: string,
  env: Record<string, string> = {},
): Promise<Bridge> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    UPSTREAM_URL: upstreamUrl,
    LOG_LEVEL: 'silent',
    POLL_MS: '200',
    FEED_GRACE_MS: '300',
    AUDIT_FILE: join(tmpdir(), `dlp-audit-${process.pid}.log`),
    ...env,
  });
  return startBridge(config, { clientDir: null });
}

/** Signs in through the bridge; answers the session cookie and the profile. */
export async function signIn(bridgeUrl: string, username: string, password: string) {
  const res = await fetch(`${bridgeUrl}/api/session`, {
    method: 'POST',
    // The bridge refuses a write that names no origin (sameSiteOnly): a browser's names its own.
    headers: { 'content-type': 'application/json', origin: new URL(bridgeUrl).origin },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  const body = (await res.json()) as {
    profile: { agencyId: string; serviceCompanyList: { servco_no?: string }[] };
  };
  return { cookie, profile: body.profile };
}

export async function simPost(sim: Simulator, path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function truth(
  sim: Simulator,
  agencyId: string,
  feed: 'events' | 'alarms' | 'systemsOnTest',
): Promise<{ id: string }[]> {
  const res = await fetch(`${sim.url}/_sim/truth?agencyId=${encodeURIComponent(agencyId)}&feed=${feed}`);
  const body = (await res.json()) as { rows: { id: string | number }[] };
  return body.rows.map((r) => ({ ...r, id: String(r.id) }));
}

/**
 * Like freshAccount, and also quiet: no event within the last `quietMs`, so counts over a window
 * that long (a live anomaly's) start at the signals the test sends.
 */
export async function quietAccount(sim: Simulator, agencyId: string, quietMs: number): Promise<string> {
  const events = (await truth(sim, agencyId, 'events')) as unknown as {
    cS_: string;
    eventDate: string;
    eventDateTime?: string | null;
  }[];
  const since = Date.now() - quietMs;
  const recent = new Set(
    events.filter((e) => Date.parse(e.eventDateTime ?? e.eventDate) >= since).map((e) => e.cS_),
  );
  for (;;) {
    const cs = await freshAccount(sim, agencyId);
    if (!recent.has(cs)) return cs;
  }
}

/** True when a screen's rows equal the upstream's truth for that feed (ids and values). */
export function sameAsTruth(rows: ReadonlyMap<string, object>, truthRows: { id: string }[]): boolean {
  if (rows.size !== truthRows.length) return false;
  for (const t of truthRows) {
    const r = rows.get(t.id) as Record<string, unknown> | undefined;
    if (!r) return false;
    for (const [key, v] of Object.entries(t))
      if (key !== 'totalRows' && key !== 'id' && String(r[key] ?? '') !== String(v ?? '')) return false;
  }
  return true;
}

/**
 * Accounts handed out, by simulator: each simulator's accounts go to one test of this process
 * only. By simulator, not by agency alone: test files share this module when they share a worker
 * (vitest's `isolate: false`), and each starts a simulator of its own with the same agencies.
 */
const handedOut = new Set<string>();
const handedOutKey = (simulatorUrl: string, agencyId: string, csNo: string) =>
  `${simulatorUrl} ${agencyId}:${csNo}`;

/**
 * Hands an account to one test of this process only: false when another test has it already (a
 * test that picks its account by other rules claims it, so freshAccount never hands it out again).
 */
export function claimAccount(simulatorUrl: string, agencyId: string, csNo: string): boolean {
  const key = handedOutKey(simulatorUrl, agencyId, csNo);
  if (handedOut.has(key)) return false;
  handedOut.add(key);
  return true;
}

/**
 * Accounts of an agency that will raise a new alarm when signalled: none of their systems has an
 * active alarm or a test running. Each call hands out accounts not handed out before.
 */
export async function freshAccount(sim: Simulator, agencyId: string): Promise<string> {
  const events = (await truth(sim, agencyId, 'events')) as unknown as {
    cS_: string;
    isTestCleared: string | null;
  }[];
  const alarms = (await truth(sim, agencyId, 'alarms')) as unknown as { cs_No: string }[];
  const busy = new Set([
    ...alarms.map((a) => a.cs_No),
    ...events.filter((e) => e.isTestCleared === 'N').map((e) => e.cS_),
  ]);
  const pick = events.map((e) => e.cS_).find((cs) => !busy.has(cs) && claimAccount(sim.url, agencyId, cs));
  if (!pick) throw new Error(`no fresh account left in agency ${agencyId}`);
  return pick;
}
