import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile, ServiceCompany } from '../../shared/upstream/loginProfile';
import { UNABLE_TO_PROCESS } from '../messages';
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
import {
  applyServiceCompany,
  companyNumber,
  SELECTOR_LOCK_MS,
  serviceCompanySwitchMachine,
  showsCompanySelector,
} from './serviceCompanySwitchMachine';

const own: ServiceCompany = { servco_name: 'Own Alarm Co', servco_Type: 'D', servco_no: '100' };
const dealer: ServiceCompany = { servco_name: 'Partner Dealer', servco_Type: 'D', servco_no: '200' };
const corporate: ServiceCompany = {
  servco_name: 'Big Corp',
  servco_Type: 'c',
  corpacct_servco_no: '300',
  install_servco_no: '310',
};
const numberless: ServiceCompany = { servco_name: 'Broken', servco_Type: 'D' };

const profile: PublicProfile = {
  agencyId: '100',
  agencyIdForCorpAccount: null,
  servco_no: '100',
  install_servco_Type: 'D',
  contactNumber: '5551234',
  firstName: 'Amy',
  lastName: 'Lee',
  bannerImage: 'own.png',
  RelationId: null,
  serviceCompanyList: [own, dealer, corporate],
  dataManagementTool: 7001,
  sitePreferences: null,
  accountInfo: [],
  testCategoryDetails: null,
};

describe('applyServiceCompany', () => {
  const corpProfile: PublicProfile = { ...profile, install_servco_Type: 'C', agencyIdForCorpAccount: '310' };
  it.each<[string, PublicProfile, ServiceCompany, Partial<PublicProfile> | null]>([
    [
      'a dealer',
      profile,
      dealer,
      { servco_no: '200', agencyId: '200', install_servco_Type: 'D', agencyIdForCorpAccount: null },
    ],
    [
      'type c in lower case is corporate',
      profile,
      corporate,
      { servco_no: '300', agencyId: '300', install_servco_Type: 'C', agencyIdForCorpAccount: '310' },
    ],
    [
      'type C with spaces is corporate',
      profile,
      { ...corporate, servco_Type: ' C ' },
      { servco_no: '300', agencyId: '300', install_servco_Type: 'C', agencyIdForCorpAccount: '310' },
    ],
    [
      'a corporate entry without install number',
      profile,
      { servco_name: 'X', servco_Type: 'C', corpacct_servco_no: '301' },
      { servco_no: '301', agencyId: '301', install_servco_Type: 'C', agencyIdForCorpAccount: null },
    ],
    [
      'back to a dealer clears the corporate agency',
      corpProfile,
      dealer,
      { servco_no: '200', agencyId: '200', install_servco_Type: 'D', agencyIdForCorpAccount: null },
    ],
    [
      'a contractor counts as D',
      profile,
      { servco_name: 'T', servco_Type: 'T', contractor_servco_no: '400' },
      { servco_no: '400', agencyId: '400', install_servco_Type: 'D', agencyIdForCorpAccount: null },
    ],
    [
      'an installer entry uses its install number',
      profile,
      { servco_name: 'I', servco_Type: 'I', install_servco_no: '500' },
      { servco_no: '500', agencyId: '500', install_servco_Type: 'D', agencyIdForCorpAccount: null },
    ],
    ['an entry without any number cannot be applied', profile, numberless, null],
  ])('%s', (_name, before, company, after) => {
    const next = applyServiceCompany(before, company);
    if (after === null) expect(next).toBeNull();
    else expect(next).toEqual({ ...before, ...after });
  });

  it.each<[ServiceCompany, string | null]>([
    [{ servco_name: 'a', servco_Type: 'D', servco_no: '1', install_servco_no: '9' }, '1'],
    [{ servco_name: 'a', servco_Type: 'C', corpacct_servco_no: '2', install_servco_no: '9' }, '2'],
    [{ servco_name: 'a', servco_Type: 'T', contractor_servco_no: '3' }, '3'],
    [{ servco_name: 'a', servco_Type: 'I', install_servco_no: '4' }, '4'],
    [numberless, null],
  ])('the number of %j is %s', (company, number) => {
    expect(companyNumber(company)).toBe(number);
  });

  it('shows the selector only with more than one company', () => {
    expect(showsCompanySelector(profile)).toBe(true);
    expect(showsCompanySelector({ serviceCompanyList: [own] })).toBe(false);
  });
});

const storedCorp: PublicProfile = {
  ...profile,
  servco_no: '300',
  agencyId: '300',
  install_servco_Type: 'C',
  agencyIdForCorpAccount: '310',
};
const events = (s: AnyMachineSnapshot): AnyEventObject[] => [
  ...[own, dealer, corporate, numberless].map((company) => ({ type: 'company.select', company })),
  { type: 'requests.changed', pending: s.context.pending === 0 ? 2 : 0 },
  done('applyCompany', storedCorp),
  failed('applyCompany'),
  done('fetchBanner', { bannerImage: 'corp.png' }),
  failed('fetchBanner'),
  elapsed('selectorLock', 'serviceCompanySwitch.locked.timing'),
];

function expected(path: MachinePath) {
  const s = path.state;
  const applied = path.steps.some((st) => st.event.type === 'xstate.done.actor.applyCompany');
  return {
    locked: s.matches('switching') || s.matches('fetchingBanner') || s.matches('locked'),
    error: s.matches({ idle: 'failed' }) ? UNABLE_TO_PROCESS : null,
    servco: applied ? '300' : '100',
    // The lock ends only with no request pending.
    stuck: s.matches({ locked: 'draining' }) ? s.context.pending > 0 : false,
  };
}
const view = (s: AnyMachineSnapshot) => ({
  locked: s.hasTag('locked'),
  error: s.context.error,
  servco: s.context.profile.servco_no,
  stuck: s.matches({ locked: 'draining' }) ? s.context.pending > 0 : false,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const advanceTimers = () => vi.advanceTimersByTime(SELECTOR_LOCK_MS);
const input = { profile };

describe('service company switch: every state the model reaches', () => {
  const paths = shortestPaths(serviceCompanySwitchMachine(), { input, events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      { idle: 'ready' },
      { idle: 'failed' },
      'switching',
      'fetchingBanner',
      { locked: 'timing' },
      { locked: 'draining' },
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    expect(view(path.state)).toEqual(want);
    const { snapshot } = await replayPath(serviceCompanySwitchMachine(), path, { input, advanceTimers });
    expect(view(snapshot)).toEqual(want);
  });
});

describe('service company switch: every simple path back to idle', () => {
  const paths = simplePaths(serviceCompanySwitchMachine(), {
    input,
    events: (s) => events(s).filter((e) => !(e.type === 'company.select' && e.company !== corporate)),
    toState: (s) => s.matches('idle') && s.context.profile.servco_no === '300',
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const announced: unknown[] = [];
    const { snapshot } = await replayPath(serviceCompanySwitchMachine(), path, {
      input,
      advanceTimers,
      onActor: (actor) => actor.on('company.applied', (e) => announced.push(e)),
    });
    expect(snapshot.hasTag('locked')).toBe(false);
    expect(announced).toHaveLength(1);
    // The selector was locked for the whole lock delay.
    expect(path.steps.some((st) => st.event.type.startsWith('xstate.after.selectorLock'))).toBe(true);
  });
});

function start(p: PublicProfile = profile) {
  const script = scriptedActors(['applyCompany', 'fetchBanner']);
  const actor = createActor(serviceCompanySwitchMachine().provide({ actors: script.actors }), {
    input: { profile: p },
  });
  const announced: PublicProfile[] = [];
  actor.on('company.applied', (e) => announced.push(e.profile));
  actor.start();
  const answer = async (src: string, output: unknown) => {
    script.settle(src, { output });
    await flush();
  };
  return { actor, script, answer, announced };
}

describe('service company switch: focused rules', () => {
  it('applies the computed profile, fetches the banner, announces it, then locks for 1.5 s', async () => {
    const d = start();
    d.actor.send({ type: 'company.select', company: corporate });
    await flush();
    expect(d.actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(d.script.pending('applyCompany')?.input).toEqual({ company: corporate, profile: storedCorp });
    d.actor.send({ type: 'company.select', company: dealer });
    await d.answer('applyCompany', storedCorp);
    expect(d.script.calls.filter((c) => c.src === 'applyCompany')).toHaveLength(1);
    expect(d.script.pending('fetchBanner')?.input).toEqual({ servcoNo: '300' });
    await d.answer('fetchBanner', { bannerImage: 'corp.png' });
    expect(d.announced).toEqual([{ ...storedCorp, bannerImage: 'corp.png' }]);
    vi.advanceTimersByTime(SELECTOR_LOCK_MS - 1);
    expect(d.actor.getSnapshot().hasTag('locked')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(d.actor.getSnapshot().value).toEqual({ idle: 'ready' });
    expect(d.actor.getSnapshot().context.company).toBeNull();
  });

  it('stays locked past 1.5 s while requests are pending', async () => {
    const d = start();
    d.actor.send({ type: 'company.select', company: dealer });
    await flush();
    d.actor.send({ type: 'requests.changed', pending: 3 });
    await d.answer('applyCompany', { ...profile, servco_no: '200', agencyId: '200' });
    await d.answer('fetchBanner', { bannerImage: null });
    vi.advanceTimersByTime(SELECTOR_LOCK_MS * 4);
    expect(d.actor.getSnapshot().value).toEqual({ locked: 'draining' });
    d.actor.send({ type: 'requests.changed', pending: 1 });
    expect(d.actor.getSnapshot().hasTag('locked')).toBe(true);
    d.actor.send({ type: 'requests.changed', pending: 0 });
    expect(d.actor.getSnapshot().value).toEqual({ idle: 'ready' });
  });

  it('the lock delay can be replaced through provide', async () => {
    const script = scriptedActors(['applyCompany', 'fetchBanner']);
    const machine = serviceCompanySwitchMachine().provide({
      actors: script.actors,
      delays: { selectorLock: 10 },
    });
    const actor = createActor(machine, { input: { profile } }).start();
    actor.send({ type: 'company.select', company: dealer });
    await flush();
    script.settle('applyCompany', { output: profile });
    await flush();
    script.settle('fetchBanner', { output: { bannerImage: null } });
    await flush();
    vi.advanceTimersByTime(10);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it.each<[string, ServiceCompany, PublicProfile]>([
    ['the current company', own, profile],
    ['an entry without a number', numberless, profile],
    ['anything when there is a single company', dealer, { ...profile, serviceCompanyList: [own] }],
  ])('ignores choosing %s', (_name, company, p) => {
    const d = start(p);
    d.actor.send({ type: 'company.select', company });
    expect(d.actor.getSnapshot().value).toEqual({ idle: 'ready' });
    expect(d.script.calls).toHaveLength(0);
  });

  it('a failed switch keeps the previous company, says so and leaves the selector enabled', async () => {
    const d = start();
    d.actor.send({ type: 'company.select', company: dealer });
    await flush();
    d.script.settle('applyCompany', { error: new Error('down') });
    await flush();
    const s = d.actor.getSnapshot();
    expect(s.value).toEqual({ idle: 'failed' });
    expect(s.hasTag('locked')).toBe(false);
    expect(s.context).toMatchObject({ error: UNABLE_TO_PROCESS, company: null });
    expect(s.context.profile.servco_no).toBe('100');
    expect(d.announced).toHaveLength(0);
    d.actor.send({ type: 'company.select', company: dealer });
    expect(d.actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed banner fetch still completes the switch', async () => {
    const d = start();
    d.actor.send({ type: 'company.select', company: dealer });
    await flush();
    await d.answer('applyCompany', { ...profile, servco_no: '200', agencyId: '200' });
    d.script.settle('fetchBanner', { error: new Error('404') });
    await flush();
    expect(d.actor.getSnapshot().matches('locked')).toBe(true);
    expect(d.announced.map((p) => [p.servco_no, p.bannerImage])).toEqual([['200', 'own.png']]);
  });
});
