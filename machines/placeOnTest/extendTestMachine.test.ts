import { createActor, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TEST_EXTENDED, TEST_SELECT_MINUTES, UNABLE_TO_PROCESS } from '../messages';
import {
  describePath,
  done,
  failed,
  flush,
  replayPath,
  scriptedActors,
  shortestPaths,
  simplePaths,
  type MachinePath,
} from '../testing/modelPaths';
import { extendBy, extendTestMachine, type ExtendTestInput } from './extendTestMachine';

const input: ExtendTestInput = {
  entry: { site_no: '31', system_no: '4', cs_no: 'C55', seqno: 812 },
  user: { contactNumber: '5557777' },
  siteUtcOffset: -300,
};

describe('extendBy', () => {
  it.each([
    [
      { option: 1, customHours: 3, customMinutes: 10 },
      { hours: 1, minutes: 0 },
    ],
    [
      { option: 4, customHours: 0, customMinutes: 0 },
      { hours: 4, minutes: 0 },
    ],
    [
      { option: 8, customHours: 0, customMinutes: 0 },
      { hours: 8, minutes: 0 },
    ],
    [
      { option: 'custom', customHours: 2, customMinutes: 30 },
      { hours: 2, minutes: 30 },
    ],
    [
      { option: 'custom', customHours: 0, customMinutes: 0 },
      { hours: 0, minutes: 0 },
    ],
  ] as const)('%j extends by %j', (context, by) => {
    expect(extendBy(context)).toEqual(by);
  });
});

const events: AnyEventObject[] = [
  { type: 'extend.option', option: 1 },
  { type: 'extend.option', option: 4 },
  { type: 'extend.option', option: 8 },
  { type: 'extend.option', option: 'custom' },
  { type: 'extend.custom', hours: 0, minutes: 0 },
  { type: 'extend.custom', hours: 2, minutes: 30 },
  { type: 'extend.save' },
  { type: 'extend.close' },
  done('extendOnTest', { resultText: 'Success', errors: [] }),
  done('extendOnTest', { resultText: null, errors: ['Test not found.'] }),
  failed('extendOnTest'),
  done('refreshTests'),
  failed('refreshTests'),
];

function expected(path: MachinePath) {
  const s = path.state;
  const last = path.steps[path.steps.length - 1].event;
  let error: string | null = null;
  if (s.matches({ choosing: 'invalid' })) error = TEST_SELECT_MINUTES;
  if (s.matches({ choosing: 'saveFailed' }))
    error = last.type.startsWith('xstate.error') ? UNABLE_TO_PROCESS : 'Test not found.';
  const message = s.matches('succeeded') || s.matches('closed') ? TEST_EXTENDED : null;
  return { error, message };
}

describe('extend test: every state the model reaches', () => {
  const paths = shortestPaths(extendTestMachine, { input, events });

  it('reaches every state of the chart and every choice', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      { choosing: 'ready' },
      { choosing: 'invalid' },
      { choosing: 'saveFailed' },
      'saving',
      'refreshing',
      'succeeded',
      'cancelled',
      'closed',
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
    expect(new Set(paths.map((p) => p.state.context.option))).toEqual(new Set([1, 4, 8, 'custom']));
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    expect(path.state.context).toMatchObject(want);
    const { snapshot, calls } = await replayPath(extendTestMachine, path, { input });
    expect(snapshot.context).toMatchObject(want);
    // Whatever was chosen, a save never asks for 0 hours and 0 minutes.
    for (const call of calls.filter((c) => c.src === 'extendOnTest')) {
      expect(call.input).not.toMatchObject({ record: { extend_hh: 0, extend_mm: 0 } });
    }
  });
});

describe('extend test: every simple path to the end', () => {
  // The default choice and Custom 2:30 only, to keep the simple paths few.
  const few = events.filter(
    (e) =>
      !(e.type === 'extend.option' && (e.option === 4 || e.option === 8)) &&
      !(e.type === 'extend.custom' && e.hours === 0),
  );
  const paths = simplePaths(extendTestMachine, { input, events: few, toState: (s) => s.status === 'done' });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { snapshot } = await replayPath(extendTestMachine, path, { input });
    const extended = path.steps.some((st) => st.state.matches('succeeded'));
    expect(snapshot.context.message).toBe(extended ? TEST_EXTENDED : null);
  });
});

function start() {
  const script = scriptedActors(['extendOnTest', 'refreshTests']);
  const actor = createActor(extendTestMachine.provide({ actors: script.actors }), { input }).start();
  return { actor, script };
}

describe('extend test: focused rules', () => {
  it('defaults to 1 hour and saves extend_hh 1, extend_mm 0 with the test seqno', async () => {
    const d = start();
    expect(d.actor.getSnapshot().context.option).toBe(1);
    d.actor.send({ type: 'extend.save' });
    d.actor.send({ type: 'extend.save' });
    await flush();
    expect(d.script.calls).toHaveLength(1);
    expect(d.script.pending('extendOnTest')?.input).toMatchObject({
      record: { process_flag: 'extend', test_seqno: 812, extend_hh: 1, extend_mm: 0, testcat_id: null },
      siteUtcOffset: -300,
    });
  });

  it('Custom 0:00 asks for minutes and saves nothing', () => {
    const d = start();
    d.actor.send({ type: 'extend.option', option: 'custom' });
    d.actor.send({ type: 'extend.save' });
    expect(d.actor.getSnapshot().context.error).toBe(TEST_SELECT_MINUTES);
    expect(d.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(d.script.calls).toHaveLength(0);
    d.actor.send({ type: 'extend.custom', hours: 0, minutes: 45 });
    expect(d.actor.getSnapshot().context.error).toBeNull();
  });

  it('the time picker only counts for Custom and keeps minutes under an hour', () => {
    const d = start();
    d.actor.send({ type: 'extend.custom', hours: 3, minutes: 0 });
    expect(d.actor.getSnapshot().context.customHours).toBe(0);
    d.actor.send({ type: 'extend.option', option: 'custom' });
    d.actor.send({ type: 'extend.custom', hours: 2.7, minutes: 75 });
    expect(d.actor.getSnapshot().context).toMatchObject({ customHours: 2, customMinutes: 59 });
  });

  it('succeeds when the result contains Success, after the list reloads', async () => {
    const d = start();
    d.actor.send({ type: 'extend.option', option: 8 });
    d.actor.send({ type: 'extend.save' });
    await flush();
    d.script.settle('extendOnTest', { output: { resultText: 'Success', errors: [] } });
    await flush();
    expect(d.actor.getSnapshot().value).toBe('refreshing');
    d.script.settle('refreshTests', { output: undefined });
    await flush();
    expect(d.actor.getSnapshot().context.message).toBe(TEST_EXTENDED);
    expect(d.actor.getSnapshot().hasTag('done')).toBe(true);
  });
});
