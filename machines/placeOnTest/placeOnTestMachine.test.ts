import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TEST_EFFECTIVE_INVALID,
  TEST_EXPIRE_BEFORE_EFFECTIVE,
  TEST_EXPIRE_INVALID,
  TEST_PLACED,
  TEST_SELECT_CATEGORY,
  TEST_SELECT_EFFECTIVE,
  TEST_SELECT_EXPIRE,
  TEST_SELECT_SERVICE_TYPE,
  TEST_SELECT_SIGNAL_FORMAT,
  TEST_SELECT_SIGNAL_TYPE,
  TEST_SELECT_SITE,
  TEST_SELECT_ZONE,
  TEST_SELECT_ZONE_STATES,
  testExpireAfterMax,
  UNABLE_TO_PROCESS,
} from '../messages';
import { HOUR, MINUTE } from '../../shared/onTest/siteDates';
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
import type { OnTestSaveInput } from './onTest';
import {
  LEAVE_DELAY_MS,
  placeOnTestMachine,
  siteCommentRemaining,
  type PlaceOnTestInput,
} from './placeOnTestMachine';
import type { SiteTestLookups } from './siteTestForm';

// 09:05:30 at a site 8 hours west of UTC; the form works to the minute.
const NOW_UTC = Date.UTC(2026, 2, 14, 17, 5, 30);
const SITE_NOW = Date.UTC(2026, 2, 14, 9, 5);
const input: PlaceOnTestInput = {
  site: { site_no: '31' },
  user: { contactNumber: '5557777', firstName: 'Amy' },
  clock: () => NOW_UTC,
  limits: { MaxHours: 8, MaxOnTestDays: 14 },
  comment: { prefix: 'On test by ', max: 40 },
};

const LOOKUPS: SiteTestLookups = {
  categories: [
    { testcat_id: 'GEN', descr: 'GENERAL TEST', default_hours: 4, default_minutes: 0, max_hours: '8' },
    {
      testcat_id: 'FIREINSP',
      descr: 'FIRE INSPECTION',
      default_hours: 1,
      default_minutes: 0,
      max_hours: '4',
      servtype_list: 'FIRE',
      servtype_only_except: 'O',
    } as SiteTestLookups['categories'][number],
  ],
  serviceTypes: [
    { servtype_id: 'BURG', descr: 'BURGLARY' },
    { servtype_id: 'FIRE', descr: 'FIRE' },
  ],
  signalFormats: [{ sigform_id: 'CID', descr: 'CONTACT ID' }],
  zoneStates: [
    { zonestate_id: 'A', descr: 'ALARM' },
    { zonestate_id: 'R', descr: 'RESTORE' },
  ],
  systems: [
    { system_no: '11', cs_no: 'C11' },
    { system_no: '12', cs_no: 'C12' },
  ],
  zones: [
    { system_no: '11', zone_id: '1', comment: 'FRONT DOOR', staz_flag: 'N', on_test_flag: 'N' },
    { system_no: '11', zone_id: '2', comment: 'SMOKE', staz_flag: 'Y', on_test_flag: 'N' },
    { system_no: '12', zone_id: '1', comment: 'MOTION', staz_flag: 'N', on_test_flag: 'N' },
  ],
  siteUtcOffset: -480,
};
const SIGNAL_TYPES = [
  { sigtype_id: 'E130', eventDescr: 'BURGLARY' },
  { sigtype_id: 'E110', eventDescr: 'FIRE' },
];

const saveAnswers = {
  ok: { result: { rtn_code: 0, err_msg: 'ok', addl_err_info: null }, errors: [] },
  serverError: {
    result: { rtn_code: 1, err_msg: 'failed', addl_err_info: null },
    errors: ['System already on test.'],
  },
  addlInfo: { result: { rtn_code: 2, err_msg: 'failed', addl_err_info: 'Category expired.' }, errors: [] },
};
const SAVE_TEXT: Record<string, string> = {
  [JSON.stringify(saveAnswers.serverError)]: 'System already on test.',
  [JSON.stringify(saveAnswers.addlInfo)]: 'Category expired.',
};

// The dates the model tries: each breaks one rule of
// docs/product/live-alarms-and-testing.md#validation or mends it.
const DATES = {
  effectiveNone: { type: 'test.effective', at: null },
  effectivePast: { type: 'test.effective', at: SITE_NOW - HOUR },
  effectiveLater: { type: 'test.effective', at: SITE_NOW + HOUR },
  expireNone: { type: 'test.expire', at: null },
  expirePast: { type: 'test.expire', at: SITE_NOW - 30 * MINUTE },
  expireBeforeEffective: { type: 'test.expire', at: SITE_NOW + 30 * MINUTE },
  expireTooLate: { type: 'test.expire', at: SITE_NOW + 10 * HOUR },
  expireFine: { type: 'test.expire', at: SITE_NOW + 3 * HOUR },
} as const;

/**
 * The events offered in a state. The form is filled in the order the spec checks it, one field at
 * a time; a field's other choices (and the date rules' breaking values) are offered only while
 * the form is at that field, so the model stays finite and every rule is met on the way.
 */
function events(s: AnyMachineSnapshot): AnyEventObject[] {
  const c = s.context;
  const list: AnyEventObject[] = [
    done('loadSiteTest', LOOKUPS),
    failed('loadSiteTest'),
    { type: 'test.retry' },
    { type: 'test.close' },
    { type: 'test.save' },
    ...Object.values(saveAnswers).map((a) => done('saveOnTest', a)),
    failed('saveOnTest'),
    done('loadSignalTypes', SIGNAL_TYPES),
    failed('loadSignalTypes'),
    { type: 'test.signalTypes.retry' },
    elapsed('leaveDelay', 'placeOnTest.succeeded'),
  ];
  if (!c || !c.lookups) return list;
  if (c.categoryId === null) {
    list.push({ type: 'test.category', testcatId: 'GEN' });
    return list;
  }
  const zoneMode = c.target === 'zones';
  if ((zoneMode ? c.zones : c.systems).length === 0) {
    if (zoneMode) {
      list.push(
        { type: 'test.zone.toggle', zoneId: c.staZones ? '2' : '1' },
        { type: 'test.zone.sta', on: !c.staZones },
      );
      if (c.zoneSystem === '11') list.push({ type: 'test.zoneSystem', systemNo: '12' });
    } else {
      list.push({ type: 'test.system.toggle', systemNo: '11' }, { type: 'test.target', target: 'zones' });
    }
    return list;
  }
  // Zone mode is followed as far as its own rule; the rest of the form is the same for both modes.
  if (zoneMode) return list;
  if (c.serviceTypes.selected.length === 0) {
    list.push(...Object.values(DATES));
    // The rest of the form is filled only with the dates the form proposed.
    if (!c.effectiveEdited && c.expire === SITE_NOW + 4 * HOUR)
      list.push({ type: 'test.serviceType.toggle', id: 'BURG' });
    return list;
  }
  if (c.signalFormat === null) {
    if (!c.serviceTypes.except) list.push({ type: 'test.serviceType.except', on: true });
    list.push({ type: 'test.signalFormat', sigformId: 'CID' });
    return list;
  }
  if (c.signalTypes.selected.length === 0) {
    list.push({ type: 'test.signalType.toggle', id: 'E130' }, { type: 'test.signalFormat', sigformId: null });
    return list;
  }
  if (c.zoneStates.length === 0) {
    if (!c.signalTypes.except) list.push({ type: 'test.signalType.except', on: true });
    list.push({ type: 'test.zoneState.toggle', id: 'A' });
  }
  return list;
}

/**
 * The oracle: what the form holds after a path, folded from the path's events alone, and the rule
 * of docs/product/live-alarms-and-testing.md#validation that fails first.
 */
function oracle(path: MachinePath) {
  const f = {
    category: null as string | null,
    effective: null as number | null,
    edited: false,
    expire: null as number | null,
    zoneMode: false,
    systems: 0,
    zones: 0,
    serviceTypes: 0,
    format: false,
    typesLoaded: false,
    types: 0,
    zoneStates: 0,
    loaded: false,
  };
  const length: Record<string, number> = { GEN: 4 * HOUR, FIREINSP: HOUR };
  for (const { event: e } of path.steps) {
    switch (e.type) {
      case 'xstate.done.actor.loadSiteTest':
        f.loaded = true;
        f.effective = SITE_NOW;
        break;
      case 'test.category':
        f.category = e.testcatId;
        f.expire = (f.effective ?? SITE_NOW) + length[e.testcatId];
        f.effective ??= SITE_NOW;
        if (e.testcatId === 'FIREINSP') f.serviceTypes = 1;
        break;
      case 'test.effective':
        f.edited = true;
        f.effective = e.at;
        if (e.at !== null && (f.expire === null || e.at >= f.expire))
          f.expire = e.at + (f.category ? length[f.category] : 4 * HOUR);
        break;
      case 'test.expire':
        f.expire = e.at;
        break;
      case 'test.target':
        f.zoneMode = true;
        break;
      case 'test.system.toggle':
        f.systems = 1;
        break;
      case 'test.system.all':
        f.systems = 2;
        break;
      case 'test.zone.toggle':
        f.zones = 1;
        break;
      case 'test.zone.sta':
      case 'test.zoneSystem':
        f.zones = 0;
        break;
      case 'test.serviceType.toggle':
        f.serviceTypes += 1;
        break;
      case 'test.signalFormat':
        f.format = e.sigformId !== null;
        f.typesLoaded = false;
        f.types = 0;
        break;
      case 'xstate.done.actor.loadSignalTypes':
        f.typesLoaded = true;
        break;
      case 'test.signalType.toggle':
        f.types = 1;
        break;
      case 'test.zoneState.toggle':
        f.zoneStates = 1;
        break;
    }
  }
  let rule: string | null = null;
  const now = SITE_NOW;
  if (f.category === null) rule = TEST_SELECT_CATEGORY;
  else if (!f.zoneMode && f.systems === 0) rule = TEST_SELECT_SITE;
  else if (f.zoneMode && f.zones === 0) rule = TEST_SELECT_ZONE;
  else if (f.effective === null) rule = TEST_SELECT_EFFECTIVE;
  else if (f.edited && f.effective < now) rule = TEST_EFFECTIVE_INVALID;
  else if (f.expire === null) rule = TEST_SELECT_EXPIRE;
  else if (f.expire < NOW_UTC - 8 * HOUR) rule = TEST_EXPIRE_INVALID;
  else if (f.expire < f.effective) rule = TEST_EXPIRE_BEFORE_EFFECTIVE;
  else if (f.expire > f.effective + 8 * HOUR)
    rule = testExpireAfterMax(f.effective === SITE_NOW ? '03-14-2026 17:05' : '03-14-2026 18:05');
  else if (f.serviceTypes === 0) rule = TEST_SELECT_SERVICE_TYPE;
  else if (!f.format) rule = TEST_SELECT_SIGNAL_FORMAT;
  else if (f.types === 0) rule = TEST_SELECT_SIGNAL_TYPE;
  else if (f.zoneStates === 0) rule = TEST_SELECT_ZONE_STATES;
  return { form: f, rule };
}

/** What the screen shows where a path ends. */
function expected(path: MachinePath) {
  const s = path.state;
  const last = path.steps[path.steps.length - 1].event;
  const { rule } = oracle(path);
  let error: string | null = null;
  if (s.matches('loadFailed')) error = UNABLE_TO_PROCESS;
  if (s.matches({ editing: { form: 'invalid' } })) error = rule;
  if (s.matches({ editing: { form: 'saveFailed' } }))
    error =
      last.type === 'xstate.error.actor.saveOnTest'
        ? UNABLE_TO_PROCESS
        : SAVE_TEXT[JSON.stringify(last.output)];
  const saved = path.steps.some((st) => st.state.matches('succeeded'));
  return { error, message: saved ? TEST_PLACED : null };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const advanceTimers = () => vi.advanceTimersByTime(LEAVE_DELAY_MS);

describe('place on test for a site: every state the model reaches', () => {
  const paths = shortestPaths(placeOnTestMachine, { input, events });

  it('reaches every state and shows every message of docs/product/live-alarms-and-testing.md#validation', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      'loading',
      'loadFailed',
      { editing: { form: 'ready', signalTypes: 'idle' } },
      { editing: { form: 'ready', signalTypes: 'loading' } },
      { editing: { form: 'ready', signalTypes: 'failed' } },
      { editing: { form: 'invalid', signalTypes: 'idle' } },
      { editing: { form: 'saveFailed', signalTypes: 'idle' } },
      'saving',
      'succeeded',
      'left',
      'closed',
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
    const shown = new Set(paths.map((p) => p.state.context.error));
    for (const message of [
      TEST_SELECT_CATEGORY,
      TEST_SELECT_SITE,
      TEST_SELECT_ZONE,
      TEST_SELECT_EFFECTIVE,
      TEST_EFFECTIVE_INVALID,
      TEST_SELECT_EXPIRE,
      TEST_EXPIRE_INVALID,
      TEST_EXPIRE_BEFORE_EFFECTIVE,
      testExpireAfterMax('03-14-2026 17:05'),
      TEST_SELECT_SERVICE_TYPE,
      TEST_SELECT_SIGNAL_FORMAT,
      TEST_SELECT_SIGNAL_TYPE,
      TEST_SELECT_ZONE_STATES,
      UNABLE_TO_PROCESS,
      'System already on test.',
      'Category expired.',
    ]) {
      expect(shown).toContain(message);
    }
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    expect(path.state.context).toMatchObject(want);
    const { snapshot } = await replayPath(placeOnTestMachine, path, { input, advanceTimers });
    expect(snapshot.context).toMatchObject(want);
  });
});

describe('place on test for a site: every simple path to the end', () => {
  // The fill events and the effects only, so the simple paths stay few.
  const paths = simplePaths(placeOnTestMachine, {
    input,
    toState: (s) => s.status === 'done',
    events: (s) =>
      events(s).filter(
        (e) =>
          !e.type.startsWith('test.effective') &&
          !e.type.startsWith('test.expire') &&
          ![
            'test.target',
            'test.system.all',
            'test.comment',
            'test.serviceType.except',
            'test.signalType.except',
          ].includes(e.type) &&
          !(e.type === 'test.category' && e.testcatId === 'FIREINSP') &&
          !(e.type === 'test.signalFormat' && e.sigformId === null) &&
          e.type !== 'xstate.error.actor.loadSignalTypes' &&
          !(e.type === 'xstate.done.actor.saveOnTest' && e.output === saveAnswers.addlInfo),
      ),
  });

  it('there are paths that place a test and paths that close', () => {
    expect(paths.some((p) => p.state.value === 'left')).toBe(true);
    expect(paths.some((p) => p.state.value === 'closed')).toBe(true);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { snapshot, calls } = await replayPath(placeOnTestMachine, path, { input, advanceTimers });
    expect(snapshot.status).toBe('done');
    const saved = path.steps.some((st) => st.state.matches('succeeded'));
    expect(snapshot.context.message).toBe(saved ? TEST_PLACED : null);
    expect(calls.filter((c) => c.src === 'saveOnTest').length).toBe(
      path.steps.filter((st) => st.state.matches('saving')).length,
    );
    // Every save sent a whole, valid record.
    for (const call of calls.filter((c) => c.src === 'saveOnTest')) {
      const { record } = call.input as OnTestSaveInput;
      expect(record).toMatchObject({
        process_flag: 'on',
        SiteNo: '31',
        testcat_id: 'GEN',
        zonestate_id: 'A',
      });
      expect(record.servtype_id).not.toBe('');
      expect(record.sigtype_id_list).not.toBe('');
    }
  });
});

function start(overrides: Partial<PlaceOnTestInput> = {}) {
  const script = scriptedActors(['loadSiteTest', 'loadSignalTypes', 'saveOnTest']);
  const actor = createActor(placeOnTestMachine.provide({ actors: script.actors }), {
    input: { ...input, ...overrides },
  });
  actor.start();
  const answer = async (src: string, output: unknown) => {
    script.settle(src, { output });
    await flush();
  };
  const send = (e: AnyEventObject) => actor.send(e as never);
  return { actor, script, answer, send, context: () => actor.getSnapshot().context };
}

async function filled(overrides: Partial<PlaceOnTestInput> = {}) {
  const d = start(overrides);
  await d.answer('loadSiteTest', LOOKUPS);
  d.send({ type: 'test.category', testcatId: 'GEN' });
  d.send({ type: 'test.system.all', on: true });
  d.send({ type: 'test.serviceType.toggle', id: 'BURG' });
  d.send({ type: 'test.signalFormat', sigformId: 'CID' });
  await d.answer('loadSignalTypes', SIGNAL_TYPES);
  d.send({ type: 'test.signalType.toggle', id: 'E130' });
  d.send({ type: 'test.zoneState.toggle', id: 'A' });
  return d;
}

describe('place on test for a site: focused rules', () => {
  it('opens at the site-local minute; the category sets the expire date; a single system is selected by itself', async () => {
    const d = start();
    expect(d.script.pending('loadSiteTest')?.input).toEqual({ siteNo: '31' });
    await d.answer('loadSiteTest', { ...LOOKUPS, systems: [LOOKUPS.systems[0]] });
    expect(d.context()).toMatchObject({ effective: SITE_NOW, systems: ['11'], zoneSystem: '11' });
    d.send({ type: 'test.category', testcatId: 'GEN' });
    expect(d.context().expire).toBe(SITE_NOW + 4 * HOUR);
    d.send({ type: 'test.effective', at: SITE_NOW + 5 * HOUR });
    expect(d.context().expire).toBe(SITE_NOW + 9 * HOUR);
    d.send({ type: 'test.effective', at: SITE_NOW + 2 * HOUR });
    expect(d.context().expire).toBe(SITE_NOW + 9 * HOUR);
  });

  it('a system chosen in the header bar is the only one selected', async () => {
    const d = start({ systemNo: '12' });
    await d.answer('loadSiteTest', LOOKUPS);
    expect(d.context()).toMatchObject({ systems: ['12'], zoneSystem: '12' });
  });

  it('a link that starts the comment (a live anomaly) fills it, within the cap', async () => {
    const d = start({ systemNo: '12', comment: { prefix: 'By ', max: 20, initial: 'Runaway: 25 signals' } });
    await d.answer('loadSiteTest', LOOKUPS);
    expect(d.context().comment.startsWith('Runaway: 25')).toBe(true);
    expect(d.context().commentPrefix.length + d.context().comment.length).toBeLessThanOrEqual(20);
    expect(start({ comment: { initial: 'Runaway: 25 signals' } }).context().comment).toBe(
      'Runaway: 25 signals',
    );
  });

  it('a category that names service types preselects them', async () => {
    const d = start();
    await d.answer('loadSiteTest', LOOKUPS);
    d.send({ type: 'test.category', testcatId: 'FIREINSP' });
    expect(d.context().serviceTypes).toEqual({ selected: ['FIRE'], except: false });
  });

  it('Except sends every option not selected; the STA list resets the zones', async () => {
    const d = await filled();
    d.send({ type: 'test.serviceType.except', on: true });
    d.send({ type: 'test.signalType.except', on: true });
    d.send({ type: 'test.comment', text: 'x'.repeat(80) });
    expect(siteCommentRemaining(d.context())).toBe(0);
    d.send({ type: 'test.save' });
    const { record, siteUtcOffset } = d.script.pending('saveOnTest')!.input as OnTestSaveInput;
    expect(siteUtcOffset).toBe(-480);
    expect(record).toMatchObject({
      servtype_id: 'FIRE',
      sigform_id: 'CID',
      sigtype_id_list: 'E110',
      zonestate_id: 'A',
      all_systems_flag: 'Y',
      all_zones_flag: 'Y',
      system_list: '11,12',
      system_no: '11',
      effective_date: '03-14-2026 09:05',
      expire_date: '03-14-2026 13:05',
      comment: `On test by Amy ${'x'.repeat(40 - 'On test by Amy '.length)}`,
      change_user: '5557777',
      test_seqno: -1,
    });
  });

  it('chosen zones of one system are sent as a zone list', async () => {
    const d = await filled();
    d.send({ type: 'test.target', target: 'zones' });
    d.send({ type: 'test.zone.toggle', zoneId: '1' });
    d.send({ type: 'test.zone.sta', on: true });
    expect(d.context().zones).toEqual([]);
    d.send({ type: 'test.zone.toggle', zoneId: '2' });
    d.send({ type: 'test.save' });
    const { record } = d.script.pending('saveOnTest')!.input as OnTestSaveInput;
    // The only STA zone is all of the STA list: the zones flag says so.
    expect(record).toMatchObject({
      all_zones_flag: 'Y',
      zone_list: null,
      system_list: '11',
      all_systems_flag: 'N',
    });
    d.send({ type: 'test.zone.sta', on: false });
  });

  it('a save waits 1.5 s on the success text, then leaves; a second save is ignored', async () => {
    const d = await filled();
    d.send({ type: 'test.save' });
    d.send({ type: 'test.save' });
    await d.answer('saveOnTest', saveAnswers.ok);
    expect(d.script.calls.filter((c) => c.src === 'saveOnTest')).toHaveLength(1);
    expect(d.context().message).toBe(TEST_PLACED);
    vi.advanceTimersByTime(LEAVE_DELAY_MS - 1);
    expect(d.actor.getSnapshot().value).toBe('succeeded');
    vi.advanceTimersByTime(1);
    expect(d.actor.getSnapshot().value).toBe('left');
  });

  it('a new signal format aborts the load of the previous one', async () => {
    const d = await filled();
    d.send({ type: 'test.signalFormat', sigformId: 'CID' });
    const first = d.script.pending('loadSignalTypes')!;
    d.send({ type: 'test.signalFormat', sigformId: 'CID' });
    expect(first.signal.aborted).toBe(true);
    expect(d.context().signalTypes.selected).toEqual([]);
  });
});
