import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayAnswer } from '../../shared/upstream/envelope';
import type { AlarmRef } from '../alarmIncident';
import {
  ALREADY_HANDLED,
  CANCEL_SUCCESS,
  CODEWORD_EMPTY,
  CODEWORD_INVALID,
  CODEWORD_NO_USER,
  NO_REPLY,
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
  cancelDispatchMachine,
  MANUAL_SIGNAL_EVENT_ID,
  VERIFY_DEBOUNCE_MS,
  type CancelDispatchInput,
} from './cancelDispatchMachine';

const alarm: AlarmRef = {
  alarminc_No: '9002',
  cs_No: 'C77',
  site_No: '12',
  system_No: '2',
  event_Descr: 'FIRE',
  alarm_event_id: 'F',
  site_Name: 'Warehouse',
  install_Servco_No: '501',
};
const input: CancelDispatchInput = { alarm, user: { contactNumber: '5550001', userName: 'amy' } };
const answers = {
  ok: { Result: { status: 'OK' }, HttpStatusCode: 200 },
  cleared: { Result: null, HttpStatusCode: 200, IsAlarmCleared: true },
  refused: { Result: null, HttpStatusCode: 409, MessageCollection: ['Already cancelled by operator.'] },
} satisfies Record<string, GatewayAnswer>;

const WAITING = 'cancelDispatch.entering.waiting';
const typing: AnyEventObject[] = [
  { type: 'cancel.input', text: '' },
  { type: 'cancel.input', text: '1234' },
];
const verifying: AnyEventObject[] = [
  elapsed('verifyDebounce', WAITING),
  done('verifyCodeword', { status: 'match' }),
  done('verifyCodeword', { status: 'mismatch' }),
  done('verifyCodeword', { status: 'noUser' }),
  done('verifyCodeword', { status: 'error', text: 'Account locked.' }),
  failed('verifyCodeword'),
];
const chain: AnyEventObject[] = [
  ...Object.values(answers).flatMap((a) => [done('lookupIncident', a), done('clearAlarm', a)]),
  failed('lookupIncident'),
  failed('clearAlarm'),
  done('setManualSignal', { reply: 'Success.' }),
  done('setManualSignal', { reply: 'Signal rejected.' }),
  failed('setManualSignal'),
  done('notify', { status: 200 }),
  done('notify', { status: 500, text: 'Queue full' }),
  failed('notify'),
  done('refreshAlarms'),
  failed('refreshAlarms'),
];
const dialog: AnyEventObject[] = [
  { type: 'cancel.submit' },
  { type: 'cancel.close' },
  { type: 'cancel.ok' },
  { type: 'alarm.gone' },
];
/** Typing only into an empty or rejected entry keeps the paths few. */
const events = (s: AnyMachineSnapshot): AnyEventObject[] => [
  ...(s.matches({ entering: 'idle' }) || s.matches({ entering: 'rejected' }) ? typing : []),
  ...verifying,
  ...chain,
  ...dialog,
];

function lastEffect(path: MachinePath, src: string) {
  return [...path.steps].reverse().find((s) => s.event.type.endsWith(`.actor.${src}`))?.event;
}

/** The message and manual-signal notice the spec gives where a path ends. */
function expected(path: MachinePath): { message: string | null; signalNotice: string | null } {
  const s = path.state;
  const last = path.steps[path.steps.length - 1].event;
  const signal = lastEffect(path, 'setManualSignal');
  const signalNotice = !signal
    ? null
    : signal.type.startsWith('xstate.error')
      ? NO_REPLY
      : signal.output.reply === 'Success.'
        ? null
        : signal.output.reply;
  let message: string | null = null;
  if (s.matches({ entering: 'rejected' })) {
    if (last.type === 'cancel.input') message = CODEWORD_EMPTY;
    else if (last.type.startsWith('xstate.error')) message = NO_REPLY;
    else if (last.output.status === 'mismatch') message = CODEWORD_INVALID;
    else if (last.output.status === 'noUser') message = CODEWORD_NO_USER;
    else message = last.output.text;
  }
  if (s.matches('succeeded')) message = CANCEL_SUCCESS;
  if (s.matches('alreadyHandled')) message = ALREADY_HANDLED;
  if (s.matches('failed')) {
    if (last.type.startsWith('xstate.error')) message = NO_REPLY;
    else if (last.type === 'xstate.done.actor.lookupIncident') message = 'Already cancelled by operator.';
    else if (last.type === 'xstate.done.actor.clearAlarm') message = 'Error: Already cancelled by operator.';
    else if (last.type === 'xstate.done.actor.notify') message = 'Error: Queue full';
  }
  return { message, signalNotice };
}

const resultDialog = (s: AnyMachineSnapshot) =>
  s.matches('succeeded') || s.matches('failed') || s.matches('alreadyHandled');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const advanceTimers = () => vi.advanceTimersByTime(VERIFY_DEBOUNCE_MS);

describe('cancel dispatch: every state the model reaches', () => {
  const paths = shortestPaths(cancelDispatchMachine, { input, events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const sub of ['idle', 'waiting', 'verifying', 'accepted', 'rejected']) {
      expect(reached).toContain(JSON.stringify({ entering: sub }));
    }
    for (const sub of ['lookingUp', 'clearing', 'signalling', 'notifying', 'refreshing']) {
      expect(reached).toContain(JSON.stringify({ submitting: sub }));
    }
    for (const v of ['succeeded', 'failed', 'alreadyHandled', 'cancelled', 'closed'])
      expect(reached).toContain(JSON.stringify(v));
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    expect(path.state.context.message).toBe(want.message);
    expect(path.state.context.signalNotice).toBe(want.signalNotice);
    const { snapshot } = await replayPath(cancelDispatchMachine, path, { input, advanceTimers });
    expect(snapshot.context.message).toBe(want.message);
    expect(snapshot.context.canSubmit).toBe(snapshot.matches({ entering: 'accepted' }));
  });
});

describe('cancel dispatch: every simple path to a result dialog', () => {
  // Only the shortest codeword dialogue leads in, so the chain's branches stay countable.
  const paths = simplePaths(cancelDispatchMachine, {
    input,
    toState: resultDialog,
    events: (s) =>
      s.matches('entering')
        ? [
            { type: 'cancel.input', text: '1234' },
            elapsed('verifyDebounce', WAITING),
            done('verifyCodeword', { status: 'match' }),
            { type: 'cancel.submit' },
            { type: 'alarm.gone' },
          ]
        : [...chain, { type: 'alarm.gone' }],
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const want = expected(path);
    const { snapshot, calls } = await replayPath(cancelDispatchMachine, path, { input, advanceTimers });
    expect(snapshot.context).toMatchObject(want);
    expect(snapshot.hasTag('dialog')).toBe(true);
    for (const src of ['lookupIncident', 'clearAlarm', 'setManualSignal', 'notify', 'refreshAlarms']) {
      expect(calls.filter((c) => c.src === src).length).toBeLessThanOrEqual(1);
    }
  });
});

function start(overrides: Partial<CancelDispatchInput> = {}) {
  const script = scriptedActors([
    'verifyCodeword',
    'lookupIncident',
    'clearAlarm',
    'setManualSignal',
    'notify',
    'refreshAlarms',
  ]);
  const actor = createActor(cancelDispatchMachine.provide({ actors: script.actors }), {
    input: { ...input, ...overrides },
  });
  actor.start();
  const count = (src: string) => script.calls.filter((c) => c.src === src).length;
  const answer = async (src: string, output: unknown) => {
    script.settle(src, { output });
    await flush();
  };
  const type = async (text: string) => {
    actor.send({ type: 'cancel.input', text });
    vi.advanceTimersByTime(VERIFY_DEBOUNCE_MS);
    await flush();
  };
  return { actor, script, count, answer, type };
}

async function toResult(d: ReturnType<typeof start>, signalReply = 'Success.') {
  await d.type('1234');
  await d.answer('verifyCodeword', { status: 'match' });
  d.actor.send({ type: 'cancel.submit' });
  await flush();
  await d.answer('lookupIncident', answers.ok);
  await d.answer('clearAlarm', answers.ok);
  await d.answer('setManualSignal', { reply: signalReply });
  await d.answer('notify', { status: 200 });
  await d.answer('refreshAlarms', undefined);
}

describe('cancel dispatch: focused rules', () => {
  it('keeps the button disabled until the bridge says the codeword matches', async () => {
    const d = start();
    expect(d.actor.getSnapshot().context.canSubmit).toBe(false);
    await d.type('12');
    expect(d.script.pending('verifyCodeword')?.input).toEqual({ codeword: '12' });
    await d.answer('verifyCodeword', { status: 'mismatch' });
    expect(d.actor.getSnapshot().context).toMatchObject({ canSubmit: false, message: CODEWORD_INVALID });
    d.actor.send({ type: 'cancel.submit' });
    expect(d.actor.getSnapshot().matches('entering')).toBe(true);
    await d.type('1234');
    await d.answer('verifyCodeword', { status: 'match' });
    expect(d.actor.getSnapshot().context).toMatchObject({ canSubmit: true, message: null });
  });

  it('an empty entry says so without asking the bridge', async () => {
    const d = start();
    await d.type('   ');
    expect(d.actor.getSnapshot().context.message).toBe(CODEWORD_EMPTY);
    expect(d.count('verifyCodeword')).toBe(0);
  });

  it('without a user the entry is refused without asking the bridge', async () => {
    const d = start({ user: null });
    await d.type('1234');
    expect(d.actor.getSnapshot().context.message).toBe(CODEWORD_NO_USER);
    expect(d.count('verifyCodeword')).toBe(0);
  });

  it('checks only the last entry of a quick burst of keystrokes', async () => {
    const d = start();
    for (const text of ['1', '12', '123', '1234']) {
      d.actor.send({ type: 'cancel.input', text });
      vi.advanceTimersByTime(VERIFY_DEBOUNCE_MS - 1);
    }
    vi.advanceTimersByTime(1);
    await flush();
    expect(d.script.calls.map((c) => c.input)).toEqual([{ codeword: '1234' }]);
  });

  it('typing again while a check runs aborts it and disables the button', async () => {
    const d = start();
    await d.type('1234');
    const first = d.script.pending('verifyCodeword');
    d.actor.send({ type: 'cancel.input', text: '12345' });
    expect(first?.signal.aborted).toBe(true);
    expect(d.actor.getSnapshot().context.canSubmit).toBe(false);
  });

  it('shows the login check error text', async () => {
    const d = start();
    await d.type('1234');
    await d.answer('verifyCodeword', { status: 'error', text: 'User is locked.' });
    expect(d.actor.getSnapshot().context.message).toBe('User is locked.');
  });

  it('runs the chain with the spec inputs and ends in the result dialog until ok', async () => {
    const d = start();
    await d.type('1234');
    await d.answer('verifyCodeword', { status: 'match' });
    d.actor.send({ type: 'cancel.submit' });
    d.actor.send({ type: 'cancel.submit' });
    await flush();
    expect(d.actor.getSnapshot().context.codeword).toBe('');
    await d.answer('lookupIncident', answers.ok);
    expect(d.script.pending('clearAlarm')?.input).toMatchObject({
      SiteNo: '12',
      CSNo: 'C77',
      UserName: 'amy',
      SiteUTCOffset: -480,
    });
    await d.answer('clearAlarm', answers.ok);
    expect(d.script.pending('setManualSignal')?.input).toMatchObject({
      csNo: 'C77',
      siteNo: '12',
      eventId: MANUAL_SIGNAL_EVENT_ID,
    });
    await d.answer('setManualSignal', { reply: 'Success.' });
    expect(d.script.pending('notify')?.input).toMatchObject({
      DispatchType: 'Cancel',
      CanceledBy: 'amy',
      CS_No: 'C77',
    });
    expect(d.script.pending('notify')?.input).not.toHaveProperty('UserComments');
    await d.answer('notify', { status: 200 });
    await d.answer('refreshAlarms', undefined);
    expect(d.count('clearAlarm')).toBe(1);
    const result = d.actor.getSnapshot();
    expect(result.value).toBe('succeeded');
    expect(result.context).toMatchObject({ message: CANCEL_SUCCESS, signalNotice: null });
    expect(result.hasTag('done')).toBe(true);
    d.actor.send({ type: 'cancel.ok' });
    expect(d.actor.getSnapshot().status).toBe('done');
  });

  it('a manual-signal reply other than Success. is shown, and the cancel still succeeds', async () => {
    const d = start();
    await toResult(d, 'Signal not accepted.');
    expect(d.actor.getSnapshot().context).toMatchObject({
      message: CANCEL_SUCCESS,
      signalNotice: 'Signal not accepted.',
    });
  });

  it('a failed clear shows Error: plus the gateway text and stops the chain', async () => {
    const d = start();
    await d.type('1234');
    await d.answer('verifyCodeword', { status: 'match' });
    d.actor.send({ type: 'cancel.submit' });
    await flush();
    await d.answer('lookupIncident', answers.ok);
    await d.answer('clearAlarm', { Result: null, HttpStatusCode: 500, ErrorMessage: 'Cannot cancel.' });
    expect(d.actor.getSnapshot().context.message).toBe('Error: Cannot cancel.');
    expect(d.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(d.count('setManualSignal')).toBe(0);
  });

  it('an alarm gone from the feed while the codeword is typed ends in already handled', async () => {
    const d = start();
    await d.type('12');
    d.actor.send({ type: 'alarm.gone' });
    expect(d.actor.getSnapshot().context.message).toBe(ALREADY_HANDLED);
    d.actor.send({ type: 'cancel.ok' });
    expect(d.actor.getSnapshot().value).toBe('closed');
  });
});
