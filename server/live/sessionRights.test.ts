import { describe, expect, it, vi } from 'vitest';
import { feedKey, feedRoom } from '../../shared/live/protocol';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import type { BridgeSession } from '../session/sessionStore';
import type { LiveNamespace } from './liveServer';
import { createSessionRights } from './sessionRights';

const profile = (companies: string[]): LoginProfile =>
  ({
    agencyId: companies[0],
    servco_no: companies[0],
    install_servco_Type: 'D',
    agencyIdForCorpAccount: null,
    serviceCompanyList: companies.map((c) => ({ servco_name: c, servco_Type: 'D', servco_no: c })),
  }) as unknown as LoginProfile;

const session = (id: string, companies: string[]): BridgeSession =>
  ({
    id,
    username: 'multi',
    upstreamSessionId: 'u',
    profile: profile(companies),
    createdAt: 0,
    expiresAt: 1,
  }) as BridgeSession;

function screen(id: string, s: BridgeSession, subs: string[]) {
  return {
    id,
    data: { session: s, visible: new Set(['21002', '21003']), subs: new Set(subs) },
    leave: vi.fn(),
  };
}

describe('rights re-read after a company switch', () => {
  it("updates the session's screens, drops feeds they may no longer see, and tells the other processes", async () => {
    const before = session('s1', ['21002', '21003']);
    const after = session('s1', ['21002']);
    const mine = screen('a', before, [
      feedKey({ feed: 'alarms', agencyId: '21002' }),
      feedKey({ feed: 'events', agencyId: '21003' }),
    ]);
    const other = screen('b', session('s2', ['21003']), [feedKey({ feed: 'events', agencyId: '21003' })]);
    const nsp = {
      sockets: new Map([
        ['a', mine],
        ['b', other],
      ]),
      on: vi.fn(),
      serverSideEmit: vi.fn(),
    };
    const unwatch = vi.fn();
    const onRefreshed = vi.fn();
    const rights = createSessionRights({
      nsp: nsp as unknown as LiveNamespace,
      sessions: { get: async (id) => (id === 's1' ? after : null) },
      feeds: { unwatch },
      logger: { warn: vi.fn() } as never,
      multiProcess: true,
      onRefreshed,
    });
    await rights.refreshRights('s1');

    expect(mine.data.session).toBe(after);
    expect([...mine.data.visible]).toEqual(['21002']);
    expect([...mine.data.subs]).toEqual(['alarms:21002']);
    expect(mine.leave).toHaveBeenCalledWith(feedRoom({ feed: 'events', agencyId: '21003' }));
    expect(unwatch).toHaveBeenCalledWith({ feed: 'events', agencyId: '21003' }, 'a');
    expect(other.data.subs.size).toBe(1);
    expect(other.leave).not.toHaveBeenCalled();
    expect(onRefreshed).toHaveBeenCalledWith(after, new Set(['21002']));
    expect(nsp.serverSideEmit).toHaveBeenCalledWith('session.rights', 's1');
    // Another process's message is handled the same way.
    expect(nsp.on).toHaveBeenCalledWith('session.rights', expect.any(Function));
  });
});
