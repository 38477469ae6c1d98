import { describe, expect, it } from 'vitest';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { createLogger } from '../observability/logger';
import { createMemorySessionStore } from '../session/sessionStore';
import { withSessionHooks } from '../session/sessionHooks';
import { endPushDevicesOf, recheckPushRights } from './pushRights';
import { createMemoryPushStore, deviceIdOf, sessionRefOf, type PushRecord } from './pushStore';

const OWNER = '1';

function profile(p: { agencies: string[]; navIds?: string }): LoginProfile {
  return {
    loginGUID: 'g',
    agencyId: p.agencies[0],
    servco_no: p.agencies[0],
    install_servco_Type: 'D',
    contactNumber: '501',
    firstName: 'A',
    lastName: 'B',
    serviceCompanyList: p.agencies
      .slice(1)
      .map((id) => ({ servco_name: `Co ${id}`, servco_Type: 'D', servco_no: id })),
    dataManagementTool: 0,
    accountInfo: [],
    RelationId: '2',
    sitePreferences: p.navIds ? JSON.stringify([{ SelectedNavIds: p.navIds }]) : null,
  };
}

function device(endpoint: string, agencies: string[], sessionId = 'first'): PushRecord {
  return {
    id: deviceIdOf(endpoint),
    userRef: '501',
    sessionRef: sessionRefOf(sessionId),
    label: endpoint,
    createdAt: 1,
    subscription: { endpoint, keys: { p256dh: 'k', auth: 'a' } },
    preferences: { alarmTypes: [], agencies, quietHours: null, timeZone: 'UTC' },
  };
}

async function setUp() {
  const push = createMemoryPushStore();
  // As the bridge wires them (server/app/bridge.ts).
  const sessions = withSessionHooks(createMemorySessionStore(60_000), createLogger('silent'));
  sessions.onLoginRecord('checking push devices', (p, scope) => recheckPushRights(push, p, scope, OWNER));
  sessions.onSessionsEnded('ending push devices', endPushDevicesOf(push));
  const labels = async () =>
    (await push.byUser('501')).map((r) => `${r.label}:${r.preferences.agencies.join('+')}`).sort();
  return { push, sessions, labels };
}
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('push devices follow their user’s rights', () => {
  it('a sign-in without an agency takes it off each device; a device left with none ends', async () => {
    const { push, sessions, labels } = await setUp();
    await push.put(device('https://p/a', ['10', '11']));
    await push.put(device('https://p/b', ['11']));
    await sessions.create({ username: 'u', upstreamSessionId: 'x', profile: profile({ agencies: ['10'] }) });
    await settle();
    expect(await labels()).toEqual(['https://p/a:10']);
  });

  it('a sign-in or a rewritten session without the Live Alarm View ends every device', async () => {
    const { push, sessions, labels } = await setUp();
    await push.put(device('https://p/a', ['10']));
    const s = await sessions.create({
      username: 'u',
      upstreamSessionId: 'x',
      profile: profile({ agencies: ['10'] }),
    });
    await settle();
    expect(await labels()).toEqual(['https://p/a:10']);
    await sessions.update({ ...s, profile: profile({ agencies: ['10'], navIds: '3,4' }) });
    await settle();
    expect(await labels()).toEqual([]);
  });

  it('ending every session of the user ends every device; ending the others ends only theirs', async () => {
    const { push, sessions, labels } = await setUp();
    const p = profile({ agencies: ['10'] });
    const kept = await sessions.create({ username: 'u', upstreamSessionId: 'x', profile: p });
    const other = await sessions.create({ username: 'u', upstreamSessionId: 'y', profile: p });
    await push.put(device('https://p/kept', ['10'], kept.id));
    await push.put(device('https://p/other', ['10'], other.id));
    await sessions.endSessionsOf('501', kept.id);
    expect(await labels()).toEqual(['https://p/kept:10']);
    await sessions.endSessionsOf('501');
    expect(await labels()).toEqual([]);
  });
});
