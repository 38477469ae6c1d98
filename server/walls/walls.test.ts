import { describe, expect, it } from 'vitest';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { createLogger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import { createMemoryLimiter } from './attemptLimiter';
import { PAIRING_CODE_TTL_MS } from './pairingCode';
import { createWalls } from './walls';
import { createMemoryWallStore, type WallStore } from './wallStore';

const OWNER = '1';

function profile(over: Partial<LoginProfile> = {}): LoginProfile {
  return {
    loginGUID: 'g',
    agencyId: '100',
    servco_no: '100',
    install_servco_Type: 'D',
    contactNumber: '500002',
    firstName: 'Dennis',
    lastName: 'Park',
    RelationId: '2',
    serviceCompanyList: [{ servco_name: 'Dealer 100', servco_Type: 'D', servco_no: '100' }],
    dataManagementTool: 7001,
    sitePreferences: JSON.stringify([{ SelectedNavIds: '1,3,4,7' }]),
    accountInfo: [],
    ...over,
  };
}
const session = (p: LoginProfile, username = 'dispatcher'): BridgeSession => ({
  id: `s-${p.contactNumber}`,
  username,
  upstreamSessionId: 'u',
  profile: p,
  createdAt: 0,
  expiresAt: Number.MAX_SAFE_INTEGER,
});

function setup(
  limits = { user: 10, address: 20, codes: 30 },
  storeOf: (s: WallStore) => WallStore = (s) => s,
) {
  let t = 1_000_000;
  const now = () => t;
  const closed: string[] = [];
  const walls = createWalls({
    store: storeOf(createMemoryWallStore(now)),
    limits: {
      pairPerUser: createMemoryLimiter({ max: limits.user, windowMs: 600_000 }, now),
      pairPerAddress: createMemoryLimiter({ max: limits.address, windowMs: 600_000 }, now),
      codesPerAddress: createMemoryLimiter({ max: limits.codes, windowMs: 600_000 }, now),
    },
    ownerRelationId: OWNER,
    closeWall: async (id) => void closed.push(id),
    logger: createLogger('silent'),
    now,
  });
  /** A waiting wall: its code and its claim cookie. */
  async function waitingWall(address = '10.0.0.5') {
    const a = await walls.requestCode(address, undefined);
    if (!a.ok) throw new Error(a.refusal.message);
    return { code: a.value.state.code, token: a.value.token! };
  }
  return { walls, closed, waitingWall, advance: (ms: number) => (t += ms) };
}

const user = session(profile());
const ask = (code: string, agencyId = '100') => ({ code, agencyId, views: ['alarms' as const] });

describe('wall pairing', () => {
  it('a waiting wall is paired once, then collects its own credential once', async () => {
    const { walls, waitingWall } = setup();
    const wall = await waitingWall();
    expect((await walls.pairingState(wall.token)).state).toMatchObject({ state: 'waiting', code: wall.code });
    const paired = await walls.pair(user, ask(wall.code.toLowerCase()), '10.0.0.1');
    expect(paired.ok).toBe(true);
    const collected = await walls.pairingState(wall.token);
    expect(collected.state).toMatchObject({ state: 'paired', wall: { agencyId: '100', views: ['alarms'] } });
    expect(collected.deviceToken).toBeTruthy();
    expect(await walls.admit(collected.deviceToken, '10.0.0.5')).toMatchObject({ agencyId: '100' });
    // The claim is spent: a second poll gets nothing, and a wrong secret opens nothing.
    expect((await walls.pairingState(wall.token)).state).toEqual({ state: 'none' });
    expect(await walls.admit(`${collected.deviceToken!.split('.')[0]}.${'x'.repeat(43)}`, 'a')).toBeNull();
  });

  it('a code works once', async () => {
    const { walls, waitingWall } = setup();
    const wall = await waitingWall();
    expect((await walls.pair(user, ask(wall.code), 'a')).ok).toBe(true);
    expect(await walls.pair(user, ask(wall.code), 'a')).toMatchObject({
      ok: false,
      refusal: { code: 'not_found' },
    });
  });

  it('a pairing the store failed gives the code back, so trying again pairs the wall', async () => {
    let failSaves = 1;
    const { walls, waitingWall } = setup(undefined, (s) => ({
      ...s,
      save: async (d) => {
        if (failSaves-- > 0) throw new Error('Command timed out');
        return s.save(d);
      },
    }));
    const wall = await waitingWall();
    await expect(walls.pair(user, ask(wall.code), 'a')).rejects.toThrow('Command timed out');
    expect((await walls.pairingState(wall.token)).state).toMatchObject({ state: 'waiting', code: wall.code });
    expect(await walls.pair(user, ask(wall.code), 'a')).toMatchObject({ ok: true });
    expect((await walls.pairingState(wall.token)).state).toMatchObject({ state: 'paired' });
    expect(await walls.list(user)).toMatchObject({ ok: true, value: [{ agencyId: '100' }] });
  });

  it('a code expires after 10 minutes', async () => {
    const { walls, waitingWall, advance } = setup();
    const wall = await waitingWall();
    advance(PAIRING_CODE_TTL_MS + 1);
    expect(await walls.pair(user, ask(wall.code), 'a')).toMatchObject({
      ok: false,
      refusal: { code: 'not_found' },
    });
    expect((await walls.pairingState(wall.token)).state).toEqual({ state: 'none' });
  });

  it('a reloaded waiting wall shows the same code', async () => {
    const { walls, waitingWall } = setup();
    const wall = await waitingWall();
    const again = await walls.requestCode('10.0.0.5', wall.token);
    expect(again).toMatchObject({ ok: true, value: { token: null, state: { code: wall.code } } });
  });

  it('pairing attempts are limited per user and per address, right or wrong', async () => {
    const { walls, waitingWall } = setup({ user: 3, address: 5, codes: 30 });
    for (let i = 0; i < 3; i++) await walls.pair(user, ask('ACD-347'), `10.0.1.${i}`);
    const wall = await waitingWall();
    expect(await walls.pair(user, ask(wall.code), '10.0.2.1')).toMatchObject({
      ok: false,
      refusal: { code: 'rate_limited' },
    });
    // Another user from one address: that address's budget.
    const other = (n: number) => session(profile({ contactNumber: `6000${n}` }));
    for (let i = 0; i < 5; i++) await walls.pair(other(i), ask('ACD-347'), '10.0.3.1');
    expect(await walls.pair(other(9), ask(wall.code), '10.0.3.1')).toMatchObject({
      ok: false,
      refusal: { code: 'rate_limited' },
    });
    // The code was not spent by refused attempts.
    expect((await walls.pair(other(8), ask(wall.code), '10.0.4.1')).ok).toBe(true);
  });

  it('codes asked from one address are limited', async () => {
    const { walls } = setup({ user: 10, address: 20, codes: 2 });
    expect((await walls.requestCode('10.9.9.9', undefined)).ok).toBe(true);
    expect((await walls.requestCode('10.9.9.9', undefined)).ok).toBe(true);
    expect(await walls.requestCode('10.9.9.9', undefined)).toMatchObject({
      ok: false,
      refusal: { code: 'rate_limited' },
    });
  });

  it('only an agency the user sees, by a user who sees the Live Alarm View', async () => {
    const { walls, waitingWall } = setup();
    const wall = await waitingWall();
    expect(await walls.pair(user, ask(wall.code, '999'), 'a')).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden_agency' },
    });
    const noLiveView = session(
      profile({ contactNumber: '7', sitePreferences: JSON.stringify([{ SelectedNavIds: '3,7' }]) }),
    );
    expect(await walls.pair(noLiveView, ask(wall.code), 'a')).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden_menu' },
    });
  });
});

describe('walls in Settings', () => {
  it('a user lists the walls they paired; the owner every wall of the dealer, and removes any', async () => {
    const { walls, waitingWall, closed } = setup();
    const owner = session(profile({ contactNumber: '500001', RelationId: OWNER }), 'owner');
    const other = session(profile({ contactNumber: '500009' }), 'other');
    const w = await waitingWall();
    const paired = await walls.pair(user, ask(w.code), 'a');
    if (!paired.ok) throw new Error('not paired');
    expect((await walls.list(user)) as unknown).toMatchObject({ ok: true, value: [{ id: paired.value.id }] });
    expect((await walls.list(other)) as unknown).toMatchObject({ ok: true, value: [] });
    expect((await walls.list(owner)) as unknown).toMatchObject({
      ok: true,
      value: [{ id: paired.value.id }],
    });
    expect(await walls.remove(other, paired.value.id)).toMatchObject({
      refusal: { code: 'forbidden_owner' },
    });
    expect((await walls.remove(owner, paired.value.id)).ok).toBe(true);
    expect(closed).toEqual([paired.value.id]);
    expect(await walls.stillPaired(paired.value.id)).toBe(false);
  });

  it('a wall stops when its pairing user loses the agency or the Live Alarm View, not when they sign out', async () => {
    const { walls, waitingWall, closed } = setup();
    const pair = async () => {
      const w = await waitingWall();
      const r = await walls.pair(user, ask(w.code), 'a');
      if (!r.ok) throw new Error('not paired');
      return r.value.id;
    };
    const first = await pair();
    await walls.recheckPairer(profile(), { agencies: true });
    expect(await walls.stillPaired(first)).toBe(true);
    await walls.recheckPairer(profile({ agencyId: '200', serviceCompanyList: [] }), { agencies: false });
    expect(await walls.stillPaired(first)).toBe(true);
    await walls.recheckPairer(profile({ agencyId: '200', serviceCompanyList: [] }), { agencies: true });
    expect(await walls.stillPaired(first)).toBe(false);
    const second = await pair();
    await walls.recheckPairer(profile({ sitePreferences: JSON.stringify([{ SelectedNavIds: '3,7' }]) }), {
      agencies: false,
    });
    expect(await walls.stillPaired(second)).toBe(false);
    expect(closed).toEqual([first, second]);
  });
});
