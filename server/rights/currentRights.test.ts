import { describe, expect, it } from 'vitest';
import type { FeedIdentity } from './upstreamCredential';
import { createLogger } from '../observability/logger';
import { UpstreamError } from '../upstream/upstreamError';
import { createCurrentRights } from './currentRights';

const DISPATCHER = {
  contactNumber: 500002,
  RelationId: '2',
  agencyId: '21001',
  agencyIdForCorpAccount: null,
  serviceCompanyList: [{ servco_name: 'First', servco_Type: 'D', servco_no: '21001' }],
  sitePreferences: '[{"SelectedNavIds":"1,3,4,7"}]',
};

type Answer = { result: unknown; errors: string[]; apiStatus: unknown } | Error;

/** A reader over a scripted upstream: each read takes the next answer; `asked` counts the reads. */
function reader(answers: Answer[], identity: FeedIdentity | null = fakeIdentity()) {
  let now = 0;
  const seen = { asked: 0, invalidated: [] as string[] };
  const rights = createCurrentRights({
    upstream: {
      call: (async () => {
        seen.asked++;
        const a = answers.shift();
        if (!a || a instanceof Error) throw a ?? new Error('no answer');
        return { ...a, bytes: 0 };
      }) as never,
    },
    identityFor: () => identity,
    logger: createLogger('silent'),
    ttlMs: 60_000,
    clock: () => now,
  });
  return { rights, seen, later: (ms: number) => (now += ms), identity };
}

function fakeIdentity(): FeedIdentity & { invalidated: string[] } {
  const invalidated: string[] = [];
  return {
    invalidated,
    credential: async () => ({
      bridgeSessionId: 'identity:x',
      upstreamSessionId: 'sid-1',
      installServcoTypeFor: () => 'D',
    }),
    invalidate: (id) => void invalidated.push(id),
  };
}

const ok = { result: DISPATCHER, errors: [], apiStatus: true };

describe('a user’s current rights, read with the bridge’s identity', () => {
  it('answers the rights, kept a minute for pushes, read afresh when asked', async () => {
    const r = reader([
      ok,
      { ...ok, result: { ...DISPATCHER, sitePreferences: '[{"SelectedNavIds":"7"}]' } },
      ok,
    ]);
    const first = await r.rights.read('500002', '21001');
    expect(first).toMatchObject({ kind: 'ok', rights: { contactNumber: '500002', agencyId: '21001' } });
    r.later(59_000);
    expect(await r.rights.read('500002', '21001')).toEqual(first);
    expect(r.seen.asked).toBe(1);
    const fresh = await r.rights.read('500002', '21001', { fresh: true });
    expect(fresh.kind === 'ok' && fresh.rights.sitePreferences).toBe('[{"SelectedNavIds":"7"}]');
    r.later(61_000);
    await r.rights.read('500002', '21001');
    expect(r.seen.asked).toBe(3);
  });

  it('a deleted user is gone; another refusal, a broken answer or no identity is unknown and never kept', async () => {
    const r = reader([
      { result: null, errors: ['Contact not found.'], apiStatus: false },
      {
        result: null,
        errors: ['You may not read the access of a contact outside your agencies.'],
        apiStatus: false,
      },
      { result: { contactNumber: 'x' }, errors: [], apiStatus: true },
      { ...ok, result: { ...DISPATCHER, contactNumber: 500003 } },
      ok,
    ]);
    expect((await r.rights.read('500002', '21001')).kind).toBe('gone');
    expect((await r.rights.read('500002', '21001', { fresh: true })).kind).toBe('unknown');
    expect((await r.rights.read('500002', '21001')).kind).toBe('unknown');
    // An answer about someone else is not this user's.
    expect((await r.rights.read('500002', '21001')).kind).toBe('unknown');
    expect((await r.rights.read('500002', '21001')).kind).toBe('ok');
    expect((await reader([ok], null).rights.read('500002', '21001')).kind).toBe('unknown');
  });

  it('an identity session the upstream ended is signed in again on the next read', async () => {
    const r = reader([new UpstreamError('session_expired', 'expired'), ok]);
    expect((await r.rights.read('500002', '21001')).kind).toBe('unknown');
    expect((r.identity as ReturnType<typeof fakeIdentity>).invalidated).toEqual(['sid-1']);
    expect((await r.rights.read('500002', '21001')).kind).toBe('ok');
  });
});
