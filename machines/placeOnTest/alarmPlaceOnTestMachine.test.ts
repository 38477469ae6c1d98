import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TEST_EFFECTIVE_INVALID,
  TEST_EXPIRE_INVALID,
  TEST_PLACED,
  TEST_SELECT_CATEGORY,
  UNABLE_TO_PROCESS,
} from '../messages';
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
  alarmPlaceOnTestMachine,
  CLOSE_DELAY_MS,
  testCommentRemaining,
  type AlarmPlaceOnTestInput,
} from './alarmPlaceOnTestMachine';
import type { OnTestSaveInput, TestCategory } from './onTest';
import { DAY, HOUR, MINUTE } from './testDates';

const NOW_UTC = Date.UTC(2025, 2, 14, 17, 5); // 09:05 at a site 8 hours west of UTC
const SITE_NOW = NOW_UTC - 8 * HOUR;
const input: AlarmPlaceOnTestInput = {
  alarm: { cs_No: 'C55', site_No: '31', system_No: '4' },
  user: { contactNumber: '5557777', firstName: 'Amy' },
  siteUtcOffsetMinutes: -480,
  clock: () => NOW_UTC,
};

const service: TestCategory = {
  testcat_id: '1',
  descr: 'Service',
  default_hours: 1,
  default_minutes: 0,
  max_hours: '1',
};
const alarmTest: TestCategory = {
  testcat_id: '2',
  descr: 'Alarm test',
  default_hours: 2,
  default_minutes: 0,
  max_hours: '30M',
};
const CATEGORIES = [service, alarmTest];
const DURATION: Record<string, number> = { '1': HOUR, '2': 30 * MINUTE };

const saveAnswers = {
  ok: { result: { rtn_code: 0, err_msg: 'ok', addl_err_info: null }, errors: [] },
  serverError: {
    result: { rtn_code: 1, err_msg: 'failed', addl_err_info: 'detail' },
    errors: ['System already on test.'],
  },
  addlInfo: { result: { rtn_code: 2, err_msg: 'failed', addl_err_info: 'Category expired.' }, errors: [] },
};
const SAVE_TEXT: Record<string, string> = {
  [JSON.stringify(saveAnswers.serverError)]: 'System already on test.',
  [JSON.stringify(saveAnswers.addlInfo)]: 'Category expired.',
};

const events = (s: AnyMachineSnapshot): AnyEventObject[] => [
  done('loadTestCategories', CATEGORIES),
  done('loadTestCategories', [service]),
  failed('loadTestCategories'),
  { type: 'test.category', testcatId: '1' },
  { type: 'test.category', testcatId: '2' },
  { type: 'test.category', testcatId: '99' },
  ...(s.context.comment === '' ? [{ type: 'test.comment', text: 'Zone 3 door' }] : []),
  { type: 'test.save' },
  { type: 'test.retry' },
  { type: 'test.close' },
  ...Object.values(saveAnswers).map((a) => done('saveOnTest', a)),
  failed('saveOnTest'),
  elapsed('closeDelay', 'alarmPlaceOnTest.succeeded'),
];

/** What the form shows where a path ends, read from the path alone. */
function expected(path: MachinePath) {
  const s = path.state;
  const last = path.steps[path.steps.length - 1].event;
  let error: string | null = null;
  if (s.matches('loadFailed')) error = UNABLE_TO_PROCESS;
  if (s.matches('editing')) {
    if (last.type === 'test.save') error = TEST_SELECT_CATEGORY;
    if (last.type === 'xstate.error.actor.saveOnTest') error = UNABLE_TO_PROCESS;
    if (last.type === 'xstate.done.actor.saveOnTest') error = SAVE_TEXT[JSON.stringify(last.output)];
  }
  const saved = path.steps.some((st) => st.state.matches('succeeded'));
  const categoryId: string | null = s.context.categoryId;
  return {
    error,
    message: saved ? TEST_PLACED : null,
    expire: categoryId === null ? null : SITE_NOW + DURATION[categoryId],
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const advanceTimers = () => vi.advanceTimersByTime(CLOSE_DELAY_MS);

describe('alarm place on test: every state the model reaches', () => {
  const paths = shortestPaths(alarmPlaceOnTestMachine, { input, events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      'loading',
      'loadFailed',
      { editing: 'ready' },
      { editing: 'invalid' },
      { editing: 'saveFailed' },
      'saving',
      'succeeded',
      'closed',
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    expect(path.state.context).toMatchObject(want);
    expect(path.state.context.effective).toBe(SITE_NOW);
    const { snapshot } = await replayPath(alarmPlaceOnTestMachine, path, { input, advanceTimers });
    expect(snapshot.context).toMatchObject(want);
  });
});

describe('alarm place on test: every simple path to the end', () => {
  // One category list, and no comment, keep the simple paths few.
  const paths = simplePaths(alarmPlaceOnTestMachine, {
    input,
    toState: (s) => s.status === 'done',
    events: (s) =>
      events(s).filter(
        (e) =>
          e.type !== 'test.comment' &&
          !(e.type === 'xstate.done.actor.loadTestCategories' && e.output.length === 1),
      ),
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { snapshot, calls } = await replayPath(alarmPlaceOnTestMachine, path, { input, advanceTimers });
    expect(snapshot.status).toBe('done');
    const saved = path.steps.some((st) => st.state.matches('succeeded'));
    expect(snapshot.context.message).toBe(saved ? TEST_PLACED : null);
    // A path that saved made exactly as many save calls as it had saving states.
    expect(calls.filter((c) => c.src === 'saveOnTest').length).toBe(
      path.steps.filter((st) => st.state.matches('saving')).length,
    );
  });
});

function start(overrides: Partial<AlarmPlaceOnTestInput> = {}) {
  const script = scriptedActors(['loadTestCategories', 'saveOnTest']);
  const actor = createActor(alarmPlaceOnTestMachine.provide({ actors: script.actors }), {
    input: { ...input, ...overrides },
  });
  actor.start();
  const answer = async (src: string, output: unknown) => {
    script.settle(src, { output });
    await flush();
  };
  return { actor, script, answer, count: (src: string) => script.calls.filter((c) => c.src === src).length };
}

describe('alarm place on test: focused rules', () => {
  it('opens at the site-local now with the 2-hour category preselected and a read-only expiry', async () => {
    const d = start();
    expect(d.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(d.script.pending('loadTestCategories')?.input).toEqual({ siteNo: '31' });
    await d.answer('loadTestCategories', CATEGORIES);
    const { context } = d.actor.getSnapshot();
    expect(context.categoryId).toBe('2');
    expect(context.effective).toBe(SITE_NOW);
    expect(context.expire).toBe(SITE_NOW + 30 * MINUTE);
    d.actor.send({ type: 'test.category', testcatId: '1' });
    expect(d.actor.getSnapshot().context.expire).toBe(SITE_NOW + HOUR);
  });

  it('a category with both defaults 0 and no max_hours lasts 4 hours', async () => {
    const d = start();
    await d.answer('loadTestCategories', [
      { testcat_id: '7', descr: 'Open', default_hours: 0, default_minutes: 0, max_hours: null },
    ]);
    d.actor.send({ type: 'test.category', testcatId: '7' });
    expect(d.actor.getSnapshot().context.expire).toBe(SITE_NOW + 4 * HOUR);
  });

  it('uses the default site offset of -480 when the site has none', async () => {
    const d = start({ siteUtcOffsetMinutes: null });
    expect(d.actor.getSnapshot().context.effective).toBe(NOW_UTC - 480 * MINUTE);
  });

  it('caps the comment at 194 characters including the prefix', async () => {
    const d = start();
    await d.answer('loadTestCategories', CATEGORIES);
    const prefix = 'Placed on test from alarm by Amy ';
    d.actor.send({ type: 'test.comment', text: 'x'.repeat(300) });
    const { context } = d.actor.getSnapshot();
    expect(context.commentPrefix).toBe(prefix);
    expect(context.comment.length).toBe(194 - prefix.length);
    expect(testCommentRemaining(context)).toBe(0);
  });

  it('takes the prefix and the cap from configuration', async () => {
    const d = start({ comment: { prefix: 'Alarm test by ', max: 40 } });
    await d.answer('loadTestCategories', CATEGORIES);
    d.actor.send({ type: 'test.comment', text: 'y'.repeat(100) });
    const { context } = d.actor.getSnapshot();
    expect(context.commentPrefix).toBe('Alarm test by Amy ');
    expect(context.comment.length).toBe(40 - 'Alarm test by Amy '.length);
    expect(testCommentRemaining(context)).toBe(0);
  });

  it('a user without a first name gets the prefix with a dot', () => {
    const d = start({ user: { contactNumber: '1', firstName: '' } });
    expect(d.actor.getSnapshot().context.commentPrefix).toBe('Placed on test from alarm by . ');
  });

  it('saves the whole system of the alarm with the spec record, once for a double click', async () => {
    const d = start();
    await d.answer('loadTestCategories', CATEGORIES);
    d.actor.send({ type: 'test.comment', text: 'Zone 3 door' });
    d.actor.send({ type: 'test.save' });
    d.actor.send({ type: 'test.save' });
    await flush();
    expect(d.count('saveOnTest')).toBe(1);
    const saved: OnTestSaveInput = {
      record: {
        system_no: '4',
        change_user: '5557777',
        process_flag: 'on',
        testcat_id: '2',
        test_seqno: -1,
        effective_date: '03-14-2025 09:05',
        expire_date: '03-14-2025 09:35',
        extend_hh: null,
        extend_mm: null,
        comment: 'Placed on test from alarm by Amy Zone 3 door',
        all_systems_flag: 'N',
        all_zones_flag: 'Y',
        zone_list: null,
        auth_pin: null,
        pin: null,
        servtype_id: null,
        zonestate_id: null,
        system_list: null,
        sigtype_id_list: null,
        SiteNo: '31',
        EmpNo: null,
      },
      siteUtcOffset: -480,
    };
    expect(d.script.pending('saveOnTest')?.input).toEqual(saved);
  });

  it('shows the success text and closes 1.5 s later (fake timers)', async () => {
    const d = start();
    await d.answer('loadTestCategories', CATEGORIES);
    d.actor.send({ type: 'test.save' });
    await flush();
    await d.answer('saveOnTest', saveAnswers.ok);
    expect(d.actor.getSnapshot().context.message).toBe(TEST_PLACED);
    expect(d.actor.getSnapshot().hasTag('done')).toBe(true);
    vi.advanceTimersByTime(CLOSE_DELAY_MS - 1);
    expect(d.actor.getSnapshot().value).toBe('succeeded');
    vi.advanceTimersByTime(1);
    expect(d.actor.getSnapshot().value).toBe('closed');
    expect(d.actor.getSnapshot().status).toBe('done');
  });

  it('the close delay can be replaced through provide', async () => {
    vi.useRealTimers();
    const script = scriptedActors(['loadTestCategories', 'saveOnTest']);
    const machine = alarmPlaceOnTestMachine.provide({ actors: script.actors, delays: { closeDelay: 5 } });
    const actor = createActor(machine, { input }).start();
    script.settle('loadTestCategories', { output: CATEGORIES });
    await flush();
    actor.send({ type: 'test.save' });
    await flush();
    script.settle('saveOnTest', { output: saveAnswers.ok });
    await flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it.each([
    ['the first server error', saveAnswers.serverError, 'System already on test.'],
    ['the additional info', saveAnswers.addlInfo, 'Category expired.'],
  ])('a failed save shows %s and keeps the form open', async (_name, answer, text) => {
    const d = start();
    await d.answer('loadTestCategories', CATEGORIES);
    d.actor.send({ type: 'test.save' });
    await flush();
    await d.answer('saveOnTest', answer);
    expect(d.actor.getSnapshot().value).toEqual({ editing: 'saveFailed' });
    expect(d.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(d.actor.getSnapshot().context.error).toBe(text);
    d.actor.send({ type: 'test.comment', text: 'retry' });
    expect(d.actor.getSnapshot().value).toEqual({ editing: 'ready' });
    expect(d.actor.getSnapshot().context.error).toBeNull();
  });

  it('a save without a reply shows the generic text', async () => {
    const d = start();
    await d.answer('loadTestCategories', CATEGORIES);
    d.actor.send({ type: 'test.save' });
    await flush();
    d.script.settle('saveOnTest', { error: new TypeError('Failed to fetch') });
    await flush();
    expect(d.actor.getSnapshot().context.error).toBe(UNABLE_TO_PROCESS);
  });

  it('without a category the save says so and calls nothing', async () => {
    const d = start();
    await d.answer('loadTestCategories', [service]);
    d.actor.send({ type: 'test.save' });
    expect(d.actor.getSnapshot().context.error).toBe(TEST_SELECT_CATEGORY);
    expect(d.count('saveOnTest')).toBe(0);
  });

  it('a form left open past its expiry says the expire date is not valid', async () => {
    let now = NOW_UTC;
    const d = start({ clock: () => now });
    await d.answer('loadTestCategories', CATEGORIES);
    now += HOUR;
    d.actor.send({ type: 'test.save' });
    expect(d.actor.getSnapshot().context.error).toBe(TEST_EXPIRE_INVALID);
  });

  it('a form left open for a day says the effective date is not valid', async () => {
    let now = NOW_UTC;
    const d = start({ clock: () => now });
    await d.answer('loadTestCategories', CATEGORIES);
    now += DAY;
    d.actor.send({ type: 'test.save' });
    expect(d.actor.getSnapshot().context.error).toBe(TEST_EFFECTIVE_INVALID);
  });

  it('an expiry past the profile maximum names the latest allowed date', async () => {
    const d = start({ limits: { MaxHours: 0.25, MaxOnTestDays: 0 } });
    await d.answer('loadTestCategories', CATEGORIES);
    d.actor.send({ type: 'test.save' });
    expect(d.actor.getSnapshot().context.error).toBe(
      '*Expire date should not be more than 03-14-2025 09:20.',
    );
  });

  it('a failed category load can be retried', async () => {
    const d = start();
    d.script.settle('loadTestCategories', { error: new Error('down') });
    await flush();
    expect(d.actor.getSnapshot().context.error).toBe(UNABLE_TO_PROCESS);
    expect(d.actor.getSnapshot().hasTag('error')).toBe(true);
    d.actor.send({ type: 'test.retry' });
    await flush();
    expect(d.count('loadTestCategories')).toBe(2);
    expect(d.actor.getSnapshot().context.error).toBeNull();
  });
});
