import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '../../shared/upstream/loginProfile';
import { SESSION_EXPIRED, SESSION_EXPIRED_SHORT, UNABLE_TO_CONNECT, UNABLE_TO_PROCESS } from '../messages';
import {
  describePath,
  done,
  elapsed,
  failed,
  flush,
  replayPath,
  scriptedActors,
  shortestPaths,
  simplePaths,
  type MachinePath,
} from '../testing/modelPaths';
import { EXPIRED_NOTICE_MS, loginErrorText, sessionMachine } from './sessionMachine';

const profile: PublicProfile = {
  agencyId: '100',
  agencyIdForCorpAccount: null,
  servco_no: '100',
  install_servco_Type: 'D',
  contactNumber: '5551234',
  firstName: 'Amy',
  lastName: 'Lee',
  bannerImage: null,
  RelationId: null,
  serviceCompanyList: [],
  dataManagementTool: 7001,
  sitePreferences: null,
  accountInfo: [],
  testCategoryDetails: null,
};
const switched: PublicProfile = { ...profile, servco_no: '200', agencyId: '200' };

describe('loginErrorText', () => {
  it.each([
    [404, ['Not Found'], UNABLE_TO_CONNECT],
    [400, ['Invalid username or password.'], 'Invalid username or password.'],
    [400, ['First.', 'Second.'], 'First.\nSecond.'],
    [400, [], UNABLE_TO_PROCESS],
    [
      423,
      ['Your account is locked. Try again in 15 minutes.'],
      'Your account is locked. Try again in 15 minutes.',
    ],
    [423, [' '], UNABLE_TO_PROCESS],
    [500, ['Server exploded'], UNABLE_TO_PROCESS],
    [401, ['Bad'], UNABLE_TO_PROCESS],
    [0, [], UNABLE_TO_PROCESS],
  ])('status %i with %j shows %j', (status, errors, text) => {
    expect(loginErrorText({ status, errors })).toBe(text);
  });
});

const signInAnswers = [
  { ok: true, profile },
  { ok: false, status: 400, errors: ['Invalid username or password.'] },
  { ok: false, status: 404, errors: [] },
  { ok: false, status: 423, errors: ['Account locked.'] },
  { ok: false, status: 500, errors: ['boom'] },
];
const events = (s: AnyMachineSnapshot): AnyEventObject[] => [
  done('loadSession', { profile }),
  done('loadSession', null),
  failed('loadSession'),
  { type: 'session.signIn', username: 'amy', password: 'pw' },
  ...signInAnswers.map((a) => done('signIn', a)),
  failed('signIn'),
  { type: 'session.signOut' },
  done('signOut'),
  failed('signOut'),
  { type: 'session.expired' },
  elapsed('expiredNotice', 'session.expired'),
  ...(s.context.returnUrl === null ? [{ type: 'session.rememberUrl', url: '/systemontest' }] : []),
  { type: 'session.redirected' },
  ...(s.context.profile?.servco_no === '100' ? [{ type: 'session.profileChanged', profile: switched }] : []),
];

const SIGN_IN_TEXT = [
  '',
  'Invalid username or password.',
  UNABLE_TO_CONNECT,
  'Account locked.',
  UNABLE_TO_PROCESS,
];

function expected(path: MachinePath) {
  const s = path.state;
  const last = [...path.steps].reverse().find((st) => st.event.type.endsWith('.actor.signIn'))?.event ?? {
    type: '',
  };
  const expiredOnPath = path.steps.findLastIndex((st) => st.state.matches('expired'));
  const signInAfter = path.steps.findLastIndex((st) => st.state.matches('signingIn'));
  let error: string | null = null;
  if (s.matches({ signedOut: 'failed' })) {
    error = last.type.startsWith('xstate.error')
      ? UNABLE_TO_PROCESS
      : SIGN_IN_TEXT[signInAnswers.findIndex((a) => JSON.stringify(a) === JSON.stringify(last.output))];
  }
  return {
    error,
    notice: expiredOnPath > signInAfter ? SESSION_EXPIRED : null,
    signedIn: s.matches('signedIn'),
    hasProfile: s.matches('signedIn'),
  };
}
const view = (s: AnyMachineSnapshot) => ({
  error: s.context.error,
  notice: s.context.notice,
  signedIn: s.hasTag('signedIn'),
  hasProfile: s.context.profile !== null,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const advanceTimers = () => vi.advanceTimersByTime(EXPIRED_NOTICE_MS);

describe('session: every state the model reaches', () => {
  const paths = shortestPaths(sessionMachine(), { events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      'restoring',
      { signedOut: 'idle' },
      { signedOut: 'failed' },
      'signingIn',
      'signedIn',
      'signingOut',
      'expired',
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    // A profile is held exactly while signed in.
    expect(view(path.state)).toEqual(want);
    const { snapshot } = await replayPath(sessionMachine(), path, { advanceTimers });
    expect(view(snapshot)).toEqual(want);
  });
});

describe('session: every simple path to a message', () => {
  const paths = simplePaths(sessionMachine(), {
    events: (s) =>
      events(s).filter(
        (e) => !['session.rememberUrl', 'session.redirected', 'session.profileChanged'].includes(e.type),
      ),
    toState: (s) => s.hasTag('error') || s.hasTag('notice'),
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    const { snapshot, calls } = await replayPath(sessionMachine(), path, { advanceTimers });
    expect(view(snapshot)).toEqual(want);
    expect(snapshot.context.error ?? snapshot.context.notice).not.toBeNull();
    // The password reached the sign-in effect and nothing else.
    expect(JSON.stringify(snapshot.context)).not.toContain('"pw"');
    for (const call of calls.filter((c) => c.src === 'signIn'))
      expect(call.input).toEqual({ username: 'amy', password: 'pw' });
  });
});

function start() {
  const script = scriptedActors(['loadSession', 'signIn', 'signOut']);
  const actor = createActor(sessionMachine().provide({ actors: script.actors })).start();
  const answer = async (src: string, output: unknown) => {
    script.settle(src, { output });
    await flush();
  };
  return { actor, script, answer };
}

async function signedIn() {
  const d = start();
  await d.answer('loadSession', { profile });
  expect(d.actor.getSnapshot().value).toBe('signedIn');
  return d;
}

describe('session: focused rules', () => {
  it('restores a stored session at start', async () => {
    const d = start();
    expect(d.actor.getSnapshot().hasTag('busy')).toBe(true);
    await d.answer('loadSession', { profile });
    expect(d.actor.getSnapshot().context.profile).toEqual(profile);
  });

  it('shows the expiry notice exactly once for a burst of expired calls, then signs out after 1 s', async () => {
    const d = await signedIn();
    const notices: string[] = [];
    let last: string | null = null;
    d.actor.subscribe((s) => {
      if (s.context.notice !== last && s.context.notice !== null) notices.push(s.context.notice);
      last = s.context.notice;
    });
    d.actor.send({ type: 'session.expired' });
    d.actor.send({ type: 'session.expired' });
    d.actor.send({ type: 'session.expired' });
    expect(d.actor.getSnapshot().hasTag('notice')).toBe(true);
    expect(d.actor.getSnapshot().context.profile).toBeNull();
    expect(d.script.calls.filter((c) => c.src === 'signOut').map((c) => c.input)).toEqual([
      { reason: 'expired' },
    ]);
    vi.advanceTimersByTime(EXPIRED_NOTICE_MS - 1);
    expect(d.actor.getSnapshot().value).toBe('expired');
    vi.advanceTimersByTime(1);
    expect(d.actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    d.actor.send({ type: 'session.expired' });
    expect(notices).toEqual([SESSION_EXPIRED]);
  });

  it("shows the screen's own wording when the expiry names one (a 403 on the live-alarm and report screens)", async () => {
    const d = await signedIn();
    d.actor.send({ type: 'session.expired', notice: SESSION_EXPIRED_SHORT });
    expect(d.actor.getSnapshot().context.notice).toBe(SESSION_EXPIRED_SHORT);
    expect(d.script.calls.filter((c) => c.src === 'signOut').map((c) => c.input)).toEqual([
      { reason: 'expired', notice: SESSION_EXPIRED_SHORT },
    ]);
    vi.advanceTimersByTime(EXPIRED_NOTICE_MS);
    expect(d.actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it('signing out calls signOut and resets the profile and remembered url', async () => {
    const d = start();
    d.actor.send({ type: 'session.rememberUrl', url: '/systemontest' });
    await d.answer('loadSession', { profile });
    d.actor.send({ type: 'session.signOut' });
    await flush();
    expect(d.script.pending('signOut')?.input).toEqual({ reason: 'user' });
    await d.answer('signOut', undefined);
    expect(d.actor.getSnapshot().context).toMatchObject({ profile: null, returnUrl: null });
  });

  it('remembers the url the route guard stopped, until the app has gone there', async () => {
    const d = start();
    await d.answer('loadSession', null);
    d.actor.send({ type: 'session.rememberUrl', url: '/placeontest' });
    d.actor.send({ type: 'session.signIn', username: 'amy', password: 'pw' });
    await flush();
    await d.answer('signIn', { ok: true, profile });
    expect(d.actor.getSnapshot().context.returnUrl).toBe('/placeontest');
    d.actor.send({ type: 'session.redirected' });
    expect(d.actor.getSnapshot().context.returnUrl).toBeNull();
  });

  it('a locked account shows the server text; a new attempt clears it', async () => {
    const d = start();
    await d.answer('loadSession', null);
    d.actor.send({ type: 'session.signIn', username: 'amy', password: 'pw' });
    await flush();
    await d.answer('signIn', { ok: false, status: 423, errors: ['Account locked until 10:15.'] });
    expect(d.actor.getSnapshot().value).toEqual({ signedOut: 'failed' });
    expect(d.actor.getSnapshot().context.error).toBe('Account locked until 10:15.');
    d.actor.send({ type: 'session.signIn', username: 'amy', password: 'pw2' });
    expect(d.actor.getSnapshot().context.error).toBeNull();
  });

  it('a sign-in without any reply shows the generic alert', async () => {
    const d = start();
    await d.answer('loadSession', null);
    d.actor.send({ type: 'session.signIn', username: 'amy', password: 'pw' });
    await flush();
    d.script.settle('signIn', { error: new TypeError('Failed to fetch') });
    await flush();
    expect(d.actor.getSnapshot().context.error).toBe(UNABLE_TO_PROCESS);
  });

  it('takes the profile of a service company switch', async () => {
    const d = await signedIn();
    d.actor.send({ type: 'session.profileChanged', profile: switched });
    expect(d.actor.getSnapshot().context.profile?.servco_no).toBe('200');
  });
});
