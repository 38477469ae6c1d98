import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { createIdentitySession } from './identitySession';
import { QUICK_TRIES, UPSTREAM_FORGETS_MS } from './signInBackoff';
import { createMemorySignInGate } from './signInGate';
import { SecretText } from '../support/secretText';
import type { SignInOutcome } from './upstreamSignIn';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

const MIN = 60_000;
const HOUR = 60 * MIN;

const profile = (id: string): LoginProfile =>
  ({
    loginGUID: id,
    agencyId: '21001',
    servco_no: '21001',
    install_servco_Type: 'D',
    contactNumber: '1',
    firstName: null,
    lastName: null,
    serviceCompanyList: [],
    dataManagementTool: 7001,
    accountInfo: [],
  }) as LoginProfile;

/**
 * A fake monitoring center: sign-ins answer with a new session unless the password is wrong or it
 * is down; it locks the account as the real one does (five refusals in a row, forgotten ten
 * minutes after the last), and remembers when each refusal came.
 */
function fakeUpstream(opts: { password?: string; down?: boolean } = {}) {
  const up = {
    password: opts.password ?? 'right',
    down: opts.down ?? false,
    signIns: 0,
    refusedAt: [] as number[],
    inARow: 0,
    lastRefusalAt: 0,
    locked: false,
    loggedOff: [] as string[],
  };
  const signIn = async (password: string): Promise<SignInOutcome> => {
    up.signIns++;
    if (up.down) return { kind: 'unavailable', reason: 'network' };
    if (up.locked) return { kind: 'refused' };
    if (password !== up.password) {
      const now = Date.now();
      up.inARow = now - up.lastRefusalAt < UPSTREAM_FORGETS_MS ? up.inARow + 1 : 1;
      up.lastRefusalAt = now;
      up.refusedAt.push(now);
      if (up.inARow >= 5) up.locked = true;
      return { kind: 'refused' };
    }
    up.inARow = 0;
    return { kind: 'ok', profile: profile(`s${up.signIns}`) };
  };
  return { up, signIn };
}

function sessionWith(password: string, up: ReturnType<typeof fakeUpstream>, renewMs = HOUR) {
  return createIdentitySession({
    who: { label: 'default', username: 'bridge', password: new SecretText(password) },
    signIn: () => up.signIn(password),
    logOff: async (id) => void up.up.loggedOff.push(id),
    gate: createMemorySignInGate(),
    renewMs,
    logger: pino({ level: 'silent' }),
  });
}

describe('the bridge identity session', () => {
  it('signs in once when feeds first ask, however many ask at once, and all read with that session', async () => {
    const up = fakeUpstream();
    const s = sessionWith('right', up);
    const got = await Promise.all([s.credential(), s.credential(), s.credential()]);
    expect(up.up.signIns).toBe(1);
    expect(new Set(got.map((c) => c?.upstreamSessionId))).toEqual(new Set(['s1']));
    expect(s.status().state).toBe('signedIn');
    await s.close();
  });

  it('a process that made no sign-in still reports the refusals the account met on another process', async () => {
    const up = fakeUpstream();
    const gate = createMemorySignInGate();
    // Another process (sharing the gate) was refused twice and backs off.
    for (let i = 0; i < 2; i++) {
      await gate.begin('bridge');
      await gate.settle('bridge', 'refused');
    }
    const s = createIdentitySession({
      who: { label: 'default', username: 'bridge', password: new SecretText('wrong') },
      signIn: () => up.signIn('wrong'),
      logOff: async () => {},
      gate,
      renewMs: HOUR,
      logger: pino({ level: 'silent' }),
    });
    expect(await s.credential()).toBeNull();
    expect(up.up.signIns).toBe(0);
    expect(s.status()).toMatchObject({ state: 'backingOff', refusals: 2, lastFailure: 'refused' });
  });

  it('signs nothing in while no feed asks (a process without the lease never uses the identity)', async () => {
    const up = fakeUpstream();
    const s = sessionWith('right', up);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(up.up.signIns).toBe(0);
    expect(s.status().state).toBe('idle');
  });

  it('renews before the session grows old while in use, and logs off the replaced one once polls ended', async () => {
    const up = fakeUpstream();
    const s = sessionWith('right', up, 10 * MIN);
    expect((await s.credential())?.upstreamSessionId).toBe('s1');
    // A feed polls every 2 s.
    for (let t = 0; t < 10 * MIN; t += 2000) {
      await vi.advanceTimersByTimeAsync(2000);
      await s.credential();
    }
    expect(up.up.signIns).toBe(2);
    expect((await s.credential())?.upstreamSessionId).toBe('s2');
    expect(up.up.loggedOff).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(up.up.loggedOff).toEqual(['s1']);
    await s.close();
    expect(up.up.loggedOff).toEqual(['s1', 's2']);
  });

  it('a session nobody here reads with is let go at its renewal, not renewed', async () => {
    const up = fakeUpstream();
    const s = sessionWith('right', up, 10 * MIN);
    await s.credential();
    await vi.advanceTimersByTimeAsync(11 * MIN);
    expect(up.up.signIns).toBe(1);
    expect(up.up.loggedOff).toEqual(['s1']);
    expect(s.status().state).toBe('idle');
  });

  it('signs in again at once when a feed says the session was refused', async () => {
    const up = fakeUpstream();
    const s = sessionWith('right', up);
    const first = await s.credential();
    await vi.advanceTimersByTimeAsync(30_000);
    s.invalidate(first!.upstreamSessionId);
    expect((await s.credential())?.upstreamSessionId).toBe('s2');
    // A late report about the old session changes nothing.
    s.invalidate(first!.upstreamSessionId);
    expect((await s.credential())?.upstreamSessionId).toBe('s2');
    expect(up.up.signIns).toBe(2);
    await s.close();
  });

  it('a session refused moments after its sign-in is not replaced in a loop', async () => {
    const up = fakeUpstream();
    const s = sessionWith('right', up);
    for (let i = 0; i < 20; i++) {
      const c = await s.credential();
      if (c) s.invalidate(c.upstreamSessionId);
    }
    expect(up.up.signIns).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await s.credential()).not.toBeNull();
    expect(up.up.signIns).toBe(2);
    await s.close();
  });

  it(`a wrong password: ${QUICK_TRIES} quick tries, then waits longer than the upstream remembers; a day of asking never locks the account`, async () => {
    const up = fakeUpstream();
    const s = sessionWith('wrong', up);
    // Feeds ask every 2 s for a whole day.
    for (let t = 0; t < 24 * HOUR; t += 2000) {
      expect(await s.credential()).toBeNull();
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(up.up.locked).toBe(false);
    // Never more than the quick tries within the upstream's memory of refusals.
    for (const at of up.up.refusedAt) {
      const inWindow = up.up.refusedAt.filter((t) => t >= at && t - at < UPSTREAM_FORGETS_MS);
      expect(inWindow.length).toBeLessThanOrEqual(QUICK_TRIES);
    }
    expect(up.up.refusedAt.slice(0, QUICK_TRIES).at(-1)! - up.up.refusedAt[0]).toBeLessThan(MIN);
    // Then back-off to the cap of an hour: about 24 tries in a day, not 43,200.
    expect(up.up.signIns).toBeLessThan(30);
    const st = s.status();
    expect(st.state).toBe('backingOff');
    expect(st.refusals).toBe(up.up.signIns);
    expect(st.lastFailure).toBe('refused');
  });

  it('the password fixed (a restart with the right one) signs in at its next allowed try and resets the count', async () => {
    const up = fakeUpstream({ password: 'new' });
    const s = sessionWith('new', up);
    up.up.password = 'old';
    expect(await s.credential()).toBeNull();
    up.up.password = 'new';
    expect(await s.credential()).toBeNull(); // still waiting out the back-off
    await vi.advanceTimersByTimeAsync(5000);
    expect((await s.credential())?.upstreamSessionId).toBe('s2');
    expect(s.status()).toMatchObject({ state: 'signedIn', refusals: 0, lastFailure: null });
    await s.close();
  });

  it('an upstream that does not answer is retried with a short back-off and never counts as a refusal', async () => {
    const up = fakeUpstream({ down: true });
    const s = sessionWith('right', up);
    for (let t = 0; t < 10 * MIN; t += 2000) {
      await s.credential();
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(s.status().refusals).toBe(0);
    expect(up.up.signIns).toBeGreaterThan(QUICK_TRIES);
    expect(up.up.signIns).toBeLessThan(25);
    up.up.down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await s.credential()).not.toBeNull();
    await s.close();
  });
});
