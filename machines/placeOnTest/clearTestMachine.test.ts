import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TEST_CLEAR_CONFIRM, TEST_CLEARED, UNABLE_TO_PROCESS } from '../messages';
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
import {
  clearConfirmation,
  clearTestMachine,
  unrestoredZonesOf,
  type ClearTestInput,
  type UnrestoredZoneRow,
} from './clearTestMachine';

const input: ClearTestInput = {
  entry: { site_no: '31', system_no: '4', cs_no: 'C55', seqno: 812 },
  user: { contactNumber: '5557777' },
};
const ZONES: UnrestoredZoneRow[] = [
  { system_no: '4', zone_id: '003' },
  { system_no: '9', zone_id: '001' },
  { system_no: '4', zone_id: '007' },
];
const WITH_ZONES =
  'This account has unrestored zone(s) 003, 007. Are you sure you would like to clear this system test?';

describe('clear confirmation text', () => {
  it.each<[string, UnrestoredZoneRow[], string]>([
    ['no unrestored zones', [], 'Are you sure you would like clear system on test?'],
    ['zones of another system only', [{ system_no: '9', zone_id: '001' }], TEST_CLEAR_CONFIRM],
    ['zones of this system', ZONES, WITH_ZONES],
    [
      'a zone listed twice is named once',
      [
        { system_no: '4', zone_id: '003' },
        { system_no: '4', zone_id: '003' },
      ],
      'This account has unrestored zone(s) 003. Are you sure you would like to clear this system test?',
    ],
  ])('%s', (_name, rows, text) => {
    expect(clearConfirmation(unrestoredZonesOf(rows, '4'))).toBe(text);
  });
});

const saveAnswers = {
  ok: { resultText: 'Success', errors: [] },
  refused: { resultText: 'Failed', errors: ['Test already cleared.'] },
};
const events = (s: AnyMachineSnapshot): AnyEventObject[] => [
  done('findUnrestoredZones', []),
  done('findUnrestoredZones', ZONES),
  failed('findUnrestoredZones'),
  { type: 'clear.yes' },
  { type: 'clear.no' },
  ...(s.context.comment === '' ? [{ type: 'clear.comment', text: 'Technician done' }] : []),
  { type: 'clear.save' },
  { type: 'clear.cancel' },
  { type: 'clear.retry' },
  { type: 'clear.close' },
  done('removeOnTest', saveAnswers.ok),
  done('removeOnTest', saveAnswers.refused),
  failed('removeOnTest'),
  done('refreshTests'),
  failed('refreshTests'),
];

function expected(path: MachinePath) {
  const s = path.state;
  const last = path.steps[path.steps.length - 1].event;
  const zonesFound = path.steps.some(
    (st) => st.event.type === 'xstate.done.actor.findUnrestoredZones' && st.event.output.length > 0,
  );
  let message: string | null = null;
  let error: string | null = null;
  if (s.matches('confirming')) message = zonesFound ? WITH_ZONES : TEST_CLEAR_CONFIRM;
  if (s.matches('succeeded') || s.matches('closed')) message = TEST_CLEARED;
  if (s.matches('checkFailed')) error = UNABLE_TO_PROCESS;
  if (s.matches({ commenting: 'saveFailed' })) {
    error = last.type.startsWith('xstate.error') ? UNABLE_TO_PROCESS : 'Test already cleared.';
  }
  return { message, error };
}

describe('clear test: every state the model reaches', () => {
  const paths = shortestPaths(clearTestMachine, { input, events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      'checking',
      'checkFailed',
      'confirming',
      { commenting: 'ready' },
      { commenting: 'saveFailed' },
      'saving',
      'refreshing',
      'succeeded',
      'cancelled',
      'closed',
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    expect(path.state.context).toMatchObject(want);
    const { snapshot } = await replayPath(clearTestMachine, path, { input });
    expect(snapshot.context).toMatchObject(want);
  });
});

describe('clear test: every simple path to the end', () => {
  const paths = simplePaths(clearTestMachine, {
    input,
    events: (s) => events(s).filter((e) => e.type !== 'clear.comment'),
    toState: (s) => s.status === 'done',
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { snapshot, calls } = await replayPath(clearTestMachine, path, { input });
    const cleared = path.steps.some((st) => st.state.matches('succeeded'));
    expect(snapshot.context.message).toBe(cleared ? TEST_CLEARED : null);
    expect(calls.some((c) => c.src === 'refreshTests')).toBe(cleared);
  });
});

function start() {
  const script = scriptedActors(['findUnrestoredZones', 'removeOnTest', 'refreshTests']);
  const actor = createActor(clearTestMachine.provide({ actors: script.actors }), { input }).start();
  const answer = async (src: string, output: unknown) => {
    script.settle(src, { output });
    await flush();
  };
  return { actor, script, answer };
}

describe('clear test: focused rules', () => {
  it('names the unrestored zones of this system, then saves removeontest with the comment', async () => {
    const d = start();
    expect(d.script.pending('findUnrestoredZones')?.input).toEqual({ siteNo: '31' });
    await d.answer('findUnrestoredZones', ZONES);
    expect(d.actor.getSnapshot().context.message).toBe(WITH_ZONES);
    d.actor.send({ type: 'clear.yes' });
    d.actor.send({ type: 'clear.comment', text: 'Technician done' });
    d.actor.send({ type: 'clear.save' });
    d.actor.send({ type: 'clear.save' });
    await flush();
    expect(d.script.calls.filter((c) => c.src === 'removeOnTest')).toHaveLength(1);
    expect(d.script.pending('removeOnTest')?.input).toMatchObject({
      record: {
        process_flag: 'off',
        test_seqno: 812,
        system_no: '4',
        SiteNo: '31',
        change_user: '5557777',
        comment: 'Technician done',
      },
    });
    await d.answer('removeOnTest', saveAnswers.ok);
    await d.answer('refreshTests', undefined);
    expect(d.actor.getSnapshot().context.message).toBe(TEST_CLEARED);
    expect(d.actor.getSnapshot().hasTag('done')).toBe(true);
  });

  it('a result without Success keeps the comment step open with the server error', async () => {
    const d = start();
    await d.answer('findUnrestoredZones', []);
    d.actor.send({ type: 'clear.yes' });
    d.actor.send({ type: 'clear.save' });
    await flush();
    await d.answer('removeOnTest', { resultText: 'Locked', errors: [] });
    expect(d.actor.getSnapshot().value).toEqual({ commenting: 'saveFailed' });
    expect(d.actor.getSnapshot().context.error).toBe('Locked');
  });

  it('Cancel in the comment step ends without saving', async () => {
    const d = start();
    await d.answer('findUnrestoredZones', []);
    d.actor.send({ type: 'clear.yes' });
    d.actor.send({ type: 'clear.cancel' });
    expect(d.actor.getSnapshot().value).toBe('cancelled');
    expect(d.script.calls.map((c) => c.src)).toEqual(['findUnrestoredZones']);
  });

  it('a failed zone check can be retried', async () => {
    const d = start();
    d.script.settle('findUnrestoredZones', { error: new Error('down') });
    await flush();
    expect(d.actor.getSnapshot().context.error).toBe(UNABLE_TO_PROCESS);
    d.actor.send({ type: 'clear.retry' });
    await d.answer('findUnrestoredZones', []);
    expect(d.actor.getSnapshot().context).toMatchObject({ error: null, message: TEST_CLEAR_CONFIRM });
  });
});
