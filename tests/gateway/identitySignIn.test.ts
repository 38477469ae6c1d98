import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { metricValue } from '../support/processes';
import { waitFor } from '../support/screen';
import { startSim, startTestBridge, type Simulator } from '../support/stack';
import { signIn } from './harness';

/**
 * The bridge's own identity is no one's sign-in, and nobody locks it through the portal: portal
 * sign-in refuses every identity username as a wrong password is refused, without a word to the
 * upstream, and the portal locks any username one refusal before the upstream would. The
 * simulator locks a username after five refusals in a row, as the monitoring center does.
 */
const UPSTREAM_LOCK_AFTER = 5;

/** The identity the simulator knows (its service user sees every agency), polling every agency. */
const IDENTITY = {
  BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
  BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
  ALWAYS_ON_AGENCIES: 'all',
  LOGIN_RATE_PER_MIN: '1000',
};

let sim: Simulator | null = null;
let bridge: Bridge | null = null;
afterEach(async () => {
  await bridge?.close();
  await sim?.close();
  sim = bridge = null;
});

async function start(env: Record<string, string> = IDENTITY): Promise<{ sim: Simulator; bridge: Bridge }> {
  sim = await startSim({ lockAfterRefusals: UPSTREAM_LOCK_AFTER });
  bridge = await startTestBridge(sim.url, env);
  return { sim, bridge };
}

/** Password checks (`Login/AuthLogon`) the upstream received since the last reset. */
async function passwordChecks(s: Simulator): Promise<number> {
  const stats = (await (await fetch(`${s.url}/_sim/stats`)).json()) as {
    byPath: Record<string, { requests: number } | undefined>;
  };
  return Object.entries(stats.byPath)
    .filter(([path]) => /login\/authlogon$/i.test(path))
    .reduce((n, [, v]) => n + (v?.requests ?? 0), 0);
}
const resetStats = (s: Simulator) => fetch(`${s.url}/_sim/stats/reset`, { method: 'POST' });

/** Signs in at the upstream itself, as the bridge's identity would: whether the account still opens. */
async function upstreamAccepts(s: Simulator, username: string, password: string): Promise<boolean> {
  const res = await fetch(`${s.url}/Login/AuthLogon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: username, Password: password, IsUseProduction: true }),
  });
  const body = (await res.json()) as { result?: { loginGUID?: unknown } | null };
  return res.status === 200 && typeof body.result?.loginGUID === 'string';
}

/** What the browser sees of one sign-in: status, body, and whether a session cookie came. */
async function portalAnswer(base: string, username: string, password: string) {
  const a = await signIn(base, username, password);
  return { status: a.status, body: a.body as unknown, cookie: a.setCookie.length > 0 };
}

const pollsOk = (url: string) =>
  metricValue(url, /^bridge_polls_total\{feed="alarms",agency="[^"]+",outcome="ok"\}/);

describe("the bridge's identity at portal sign-in", () => {
  it('five wrong sign-ins naming the identity never reach the upstream, and the identity still signs in and polls', async () => {
    const { sim: s, bridge: b } = await start();
    await waitFor('the always-on feeds polling', async () => (await pollsOk(b.url)) > 0, 20_000);
    await resetStats(s);

    const names = ['bridge', 'BRIDGE', ' Bridge ', 'bridge', 'bRiDgE'];
    const identity = [];
    for (const [i, name] of names.entries()) identity.push(await portalAnswer(b.url, name, `wrong${i}`));
    expect(await passwordChecks(s)).toBe(0);

    // Exactly what five wrong passwords of a person's account answer.
    const person = [];
    for (let i = 0; i < names.length; i++) person.push(await portalAnswer(b.url, 'dispatcher', `wrong${i}`));
    expect(identity).toEqual(person);
    expect(identity.map((a) => a.status)).toEqual([401, 401, 401, 423, 423]);

    // The upstream never locked the identity: it signs in, and the feeds go on polling.
    expect(await upstreamAccepts(s, BRIDGE_SERVICE_USER.username, BRIDGE_SERVICE_USER.password)).toBe(true);
    const polled = await pollsOk(b.url);
    await waitFor('more polls', async () => (await pollsOk(b.url)) > polled, 10_000);
    const health = (await (await fetch(`${b.url}/healthz/identity`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    // The operator can see someone tried the identity's username.
    expect(await metricValue(b.url, /^bridge_identity_portal_sign_ins_total\{identity="default"\}/)).toBe(
      names.length,
    );
  }, 40_000);

  it("the identity's own password at the portal is refused as a wrong one is, and no session is made", async () => {
    const { sim: s, bridge: b } = await start();
    await resetStats(s);
    const right = await portalAnswer(b.url, BRIDGE_SERVICE_USER.username, BRIDGE_SERVICE_USER.password);
    const wrong = await portalAnswer(b.url, 'nobody', 'not-a-password');
    expect(right).toEqual(wrong);
    expect(right).toEqual({
      status: 401,
      body: { error: 'invalid_credentials', message: 'Invalid username or password.' },
      cookie: false,
    });
    // Only the stranger's sign-in was asked of the upstream.
    expect(await passwordChecks(s)).toBe(1);
  }, 30_000);

  it("an agency's identity from the secrets file is refused too, whatever its letter case", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'identities-'));
    const file = join(dir, 'identities.json');
    writeFileSync(
      file,
      JSON.stringify({ agencies: { '21002': { username: 'Lonestar-Reader', password: 'reader-pass-1' } } }),
      { mode: 0o600 },
    );
    const { sim: s, bridge: b } = await start({ BRIDGE_IDENTITY_FILE: file, LOGIN_RATE_PER_MIN: '1000' });
    await resetStats(s);
    const answer = await portalAnswer(b.url, ' lonestar-reader ', 'reader-pass-1');
    expect(answer).toEqual({
      status: 401,
      body: { error: 'invalid_credentials', message: 'Invalid username or password.' },
      cookie: false,
    });
    expect(await passwordChecks(s)).toBe(0);
  }, 30_000);
});

describe('the portal locks before the upstream does', () => {
  it("four wrong sign-ins lock a person's username at the portal, and the upstream (locking after five) never locks it", async () => {
    const { sim: s, bridge: b } = await start();
    await resetStats(s);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await portalAnswer(b.url, 'dispatcher', `wrong${i}`));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 423, 423, 423, 423, 423, 423, 423]);
    expect(answers[3].body).toEqual({
      error: 'locked',
      message: 'This account is locked for 10 minutes after too many failed sign-in attempts.',
    });
    // The right password is locked out at the portal too, and goes no further.
    expect((await portalAnswer(b.url, 'dispatcher', 'dispatch123')).status).toBe(423);
    // The upstream judged four of those passwords: one short of its lock, which never came.
    expect(await passwordChecks(s)).toBe(UPSTREAM_LOCK_AFTER - 1);
    expect(await upstreamAccepts(s, 'dispatcher', 'dispatch123')).toBe(true);
  }, 30_000);
});
