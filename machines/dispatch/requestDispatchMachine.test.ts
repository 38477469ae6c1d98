import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { GatewayAnswer } from '../../shared/upstream/envelope';
import type { AlarmNotification, AlarmRef } from '../alarmIncident';
import {
  ACTION_IN_DOUBT,
  ALREADY_HANDLED,
  DISPATCH_ASK_RESPONDER,
  DISPATCH_CONFIRM,
  DISPATCH_SUCCESS,
  NO_REPLY,
  UNABLE_TO_PROCESS,
} from '../messages';
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
  dispatchCommentRemaining,
  requestDispatchMachine,
  type RequestDispatchInput,
} from './requestDispatchMachine';

const alarm: AlarmRef = {
  alarminc_No: '9001',
  cs_No: 'C1234',
  site_No: '77',
  system_No: '1',
  event_Descr: 'BURGLARY',
  alarm_event_id: 'B',
  site_Name: 'Main St Store',
  install_Servco_No: '500',
};
const input: RequestDispatchInput = {
  alarm,
  user: { contactNumber: '5551234', userName: 'jdoe' },
  commentMax: 20,
};

const answers = {
  ok: { Result: { status: 'OK', incidentNo: 'I-1' }, HttpStatusCode: 200 },
  cleared: { Result: null, HttpStatusCode: 200, IsAlarmCleared: true },
  refused: { Result: null, HttpStatusCode: 400, MessageCollection: ['Incident is closed.'] },
} satisfies Record<string, GatewayAnswer>;
/** The bridge could not tell whether the dispatch went through. */
const inDoubt: GatewayAnswer = {
  Result: { status: 'IN_DOUBT', errorMessage: ACTION_IN_DOUBT },
  HttpStatusCode: 200,
};
const ETA = 'ETA 10 min, red van';

const userEvents: AnyEventObject[] = [
  { type: 'dispatch.confirm' },
  { type: 'dispatch.respond', willRespond: true },
  { type: 'dispatch.respond', willRespond: false },
  { type: 'dispatch.back' },
  { type: 'dispatch.submit' },
  { type: 'dispatch.close' },
  { type: 'alarm.gone' },
];
const effectEvents: AnyEventObject[] = [
  ...Object.values(answers).flatMap((a) => [done('lookupIncident', a), done('callDispatch', a)]),
  failed('lookupIncident'),
  failed('callDispatch'),
  done('callDispatch', inDoubt),
  done('notify', { status: 200 }),
  done('notify', { status: 500, text: 'Notification queue full' }),
  failed('notify'),
  done('refreshAlarms'),
  failed('refreshAlarms'),
];
/** Comments are typed only into an empty box, so the context stays finite. */
const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  ...userEvents,
  ...effectEvents,
  ...(snapshot.context.comment === ''
    ? [
        { type: 'dispatch.comment', text: ETA },
        { type: 'dispatch.comment', text: 'x'.repeat(30) },
      ]
    : []),
];

/** What the spec says the dialog shows where a path ends, computed from the path alone. */
function expectedMessage(path: MachinePath): string | null {
  const value = path.state.value;
  if (value === 'confirming') return DISPATCH_CONFIRM;
  if (value === 'askingResponder') return DISPATCH_ASK_RESPONDER;
  if (value === 'succeeded') return DISPATCH_SUCCESS;
  if (value === 'alreadyHandled') return ALREADY_HANDLED;
  if (value === 'inDoubt') return ACTION_IN_DOUBT;
  if (value === 'failed') {
    const last = path.steps[path.steps.length - 1].event;
    if (last.type.startsWith('xstate.error.actor.')) return NO_REPLY;
    if (last.type === 'xstate.done.actor.lookupIncident') return 'Incident is closed.';
    if (last.type === 'xstate.done.actor.callDispatch') return 'Error: Incident is closed.';
    if (last.type === 'xstate.done.actor.notify') return 'Error: Notification queue full';
  }
  return null;
}

const isFinal = (s: AnyMachineSnapshot) => s.status === 'done';

describe('request dispatch: every state the model reaches', () => {
  const paths = shortestPaths(requestDispatchMachine, { input, events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      'confirming',
      'askingResponder',
      'commenting',
      { submitting: 'lookingUp' },
      { submitting: 'dispatching' },
      { submitting: 'notifying' },
      { submitting: 'refreshing' },
      'succeeded',
      'failed',
      'alreadyHandled',
      'inDoubt',
      'cancelled',
    ]) {
      expect(reached).toContain(JSON.stringify(v));
    }
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    expect(path.state.context.message).toBe(expectedMessage(path));
    const { snapshot } = await replayPath(requestDispatchMachine, path, { input });
    expect(snapshot.context.message).toBe(expectedMessage(path));
  });
});

describe('request dispatch: every simple path to an end', () => {
  const paths = simplePaths(requestDispatchMachine, { input, events, toState: isFinal });

  it('ends every path in a final state with the message the spec gives', () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths)
      expect(path.state.context.message, describePath(path)).toBe(expectedMessage(path));
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
    const { snapshot, calls } = await replayPath(requestDispatchMachine, path, { input });
    expect(snapshot.status).toBe('done');
    // Each effect runs at most once per path, and a dispatch carries the comment typed last.
    const dispatches = calls.filter((c) => c.src === 'callDispatch');
    expect(dispatches.length).toBeLessThanOrEqual(1);
    for (const src of ['lookupIncident', 'notify', 'refreshAlarms']) {
      expect(calls.filter((c) => c.src === src).length).toBeLessThanOrEqual(1);
    }
    if (dispatches[0]) {
      const { willRespond, comment } = snapshot.context;
      expect(dispatches[0].input).toMatchObject({
        WillRespond: willRespond,
        Comment: willRespond ? comment : '',
      });
      expect(comment.length).toBeLessThanOrEqual(20);
    }
  });
});

/** A running dispatch dialog whose effects wait until the test settles them. */
function start(overrides: Partial<RequestDispatchInput> = {}) {
  const script = scriptedActors(['lookupIncident', 'callDispatch', 'notify', 'refreshAlarms']);
  const actor = createActor(requestDispatchMachine.provide({ actors: script.actors }), {
    input: { ...input, ...overrides },
  });
  actor.start();
  const count = (src: string) => script.calls.filter((c) => c.src === src).length;
  return { actor, script, count };
}

async function toSubmitting(d: ReturnType<typeof start>, willRespond = false) {
  d.actor.send({ type: 'dispatch.confirm' });
  d.actor.send({ type: 'dispatch.respond', willRespond });
  if (willRespond) d.actor.send({ type: 'dispatch.submit' });
  await flush();
}

async function answer(d: ReturnType<typeof start>, src: string, output: unknown) {
  d.script.settle(src, { output });
  await flush();
}

describe('request dispatch: focused rules', () => {
  it('a double dispatch.submit makes one upstream call', async () => {
    const d = start();
    d.actor.send({ type: 'dispatch.confirm' });
    d.actor.send({ type: 'dispatch.respond', willRespond: true });
    d.actor.send({ type: 'dispatch.comment', text: ETA });
    d.actor.send({ type: 'dispatch.submit' });
    d.actor.send({ type: 'dispatch.submit' });
    await flush();
    await answer(d, 'lookupIncident', answers.ok);
    d.actor.send({ type: 'dispatch.submit' });
    await flush();
    expect(d.count('lookupIncident')).toBe(1);
    expect(d.count('callDispatch')).toBe(1);
    expect(d.actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('a double No makes one upstream call and sends no comment', async () => {
    const d = start();
    d.actor.send({ type: 'dispatch.confirm' });
    d.actor.send({ type: 'dispatch.respond', willRespond: false });
    d.actor.send({ type: 'dispatch.respond', willRespond: false });
    await flush();
    await answer(d, 'lookupIncident', answers.ok);
    expect(d.count('lookupIncident')).toBe(1);
    expect(d.script.pending('callDispatch')?.input).toMatchObject({ Comment: '', WillRespond: false });
  });

  it('caps the comment at commentMax and counts what remains', () => {
    const d = start({ commentMax: 10 });
    d.actor.send({ type: 'dispatch.confirm' });
    d.actor.send({ type: 'dispatch.respond', willRespond: true });
    d.actor.send({ type: 'dispatch.comment', text: 'ETA 5' });
    expect(dispatchCommentRemaining(d.actor.getSnapshot().context)).toBe(5);
    d.actor.send({ type: 'dispatch.comment', text: 'a very long description of the van' });
    expect(d.actor.getSnapshot().context.comment).toBe('a very lon');
    expect(dispatchCommentRemaining(d.actor.getSnapshot().context)).toBe(0);
  });

  it('uses a 250-character comment cap by default', () => {
    const d = start({ commentMax: undefined });
    expect(d.actor.getSnapshot().context.commentMax).toBe(250);
  });

  it('Back returns to the responder question and keeps the typed comment', () => {
    const d = start();
    d.actor.send({ type: 'dispatch.confirm' });
    d.actor.send({ type: 'dispatch.respond', willRespond: true });
    d.actor.send({ type: 'dispatch.comment', text: ETA });
    d.actor.send({ type: 'dispatch.back' });
    expect(d.actor.getSnapshot().value).toBe('askingResponder');
    expect(d.actor.getSnapshot().context.message).toBe(DISPATCH_ASK_RESPONDER);
    d.actor.send({ type: 'dispatch.respond', willRespond: true });
    expect(d.actor.getSnapshot().context.comment).toBe(ETA);
  });

  it('sends the dispatch and the notification with the spec payloads, then refreshes', async () => {
    const d = start({ siteUtcOffset: null });
    d.actor.send({ type: 'dispatch.confirm' });
    d.actor.send({ type: 'dispatch.respond', willRespond: true });
    d.actor.send({ type: 'dispatch.comment', text: ETA });
    d.actor.send({ type: 'dispatch.submit' });
    await flush();
    expect(d.script.pending('lookupIncident')?.input).toEqual({ siteNo: '77', systemNo: '1', csNo: 'C1234' });
    await answer(d, 'lookupIncident', answers.ok);
    expect(d.script.pending('callDispatch')?.input).toEqual({
      SiteNo: '77',
      SystemNo: '1',
      ContactNo: '5551234',
      Comment: ETA,
      CSNo: 'C1234',
      SiteName: 'Main St Store',
      UserName: 'jdoe',
      InstallServcoNo: '500',
      SiteUTCOffset: -480,
      AlarmincNo: '9001',
      EventId: 'B',
      EventDescription: 'BURGLARY',
      Incident: answers.ok.Result,
      WillRespond: true,
    });
    await answer(d, 'callDispatch', answers.ok);
    const notification: AlarmNotification = {
      AlarmincNo: '9001',
      EventId: 'B',
      AlarmDescription: 'BURGLARY',
      SiteNo: '77',
      SystemNo: '1',
      SiteUserContactNumber: '5551234',
      CS_No: 'C1234',
      MoreInfo: 'Web',
      CanceledBy: 'jdoe',
      SiteName: 'Main St Store',
      InstallServcoNo: '500',
      IsCancelSMSLink: false,
      DispatchType: 'DispatchWithResponder',
      UserComments: ETA,
    };
    expect(d.script.pending('notify')?.input).toEqual(notification);
    await answer(d, 'notify', { status: 200 });
    expect(d.script.pending('refreshAlarms')?.input).toEqual({ reason: 'dispatch', alarmincNo: '9001' });
    await answer(d, 'refreshAlarms', undefined);
    const end = d.actor.getSnapshot();
    expect(end.value).toBe('succeeded');
    expect(end.hasTag('done')).toBe(true);
    expect(end.context.message).toBe(DISPATCH_SUCCESS);
  });

  it('ends in success when only the reload after it fails', async () => {
    const d = start();
    await toSubmitting(d);
    await answer(d, 'lookupIncident', answers.ok);
    await answer(d, 'callDispatch', answers.ok);
    await answer(d, 'notify', { status: 200 });
    d.script.settle('refreshAlarms', { error: new Error('offline') });
    await flush();
    expect(d.actor.getSnapshot().context.message).toBe(DISPATCH_SUCCESS);
  });

  const failures: Array<[string, string, unknown, string]> = [
    ['the lookup answers with messages', 'lookupIncident', answers.refused, 'Incident is closed.'],
    [
      'the lookup answers a non-OK result',
      'lookupIncident',
      { Result: { status: 'ERR', errorMessage: 'No incident' }, HttpStatusCode: 200 },
      'No incident',
    ],
    [
      'the dispatch answers ErrorMessage',
      'callDispatch',
      { Result: null, HttpStatusCode: 500, ErrorMessage: 'Operator busy' },
      'Error: Operator busy',
    ],
    [
      'the dispatch fails without text',
      'callDispatch',
      { Result: null, HttpStatusCode: 503 },
      `Error: ${UNABLE_TO_PROCESS}`,
    ],
    ['the notification is not 200', 'notify', { status: 500, text: 'Queue full' }, 'Error: Queue full'],
    ['the notification is not 200, without text', 'notify', { status: 502 }, `Error: ${UNABLE_TO_PROCESS}`],
  ];
  it.each(failures)('fails when %s', async (_name, src, output, message) => {
    const d = start();
    await toSubmitting(d);
    const chain = ['lookupIncident', 'callDispatch', 'notify'];
    for (const step of chain.slice(0, chain.indexOf(src))) {
      await answer(d, step, step === 'notify' ? { status: 200 } : answers.ok);
    }
    await answer(d, src, output);
    const end = d.actor.getSnapshot();
    expect(end.value).toBe('failed');
    expect(end.hasTag('error')).toBe(true);
    expect(end.context.message).toBe(message);
    expect(d.count('refreshAlarms')).toBe(0);
  });

  it.each(['lookupIncident', 'callDispatch', 'notify'])(
    'shows the no-reply text when %s gets no reply',
    async (src) => {
      const d = start();
      await toSubmitting(d);
      const chain = ['lookupIncident', 'callDispatch', 'notify'];
      for (const step of chain.slice(0, chain.indexOf(src))) {
        await answer(d, step, answers.ok);
      }
      d.script.settle(src, { error: new TypeError('Failed to fetch') });
      await flush();
      expect(d.actor.getSnapshot().context.message).toBe(NO_REPLY);
    },
  );

  it.each(['lookupIncident', 'callDispatch'])(
    'says the alarm was handled when %s answers IsAlarmCleared',
    async (src) => {
      const d = start();
      await toSubmitting(d);
      if (src === 'callDispatch') await answer(d, 'lookupIncident', answers.ok);
      await answer(d, src, answers.cleared);
      expect(d.actor.getSnapshot().value).toBe('alreadyHandled');
      expect(d.actor.getSnapshot().context.message).toBe(ALREADY_HANDLED);
      expect(d.count('notify')).toBe(0);
    },
  );

  it('an alarm that leaves the feed during the lookup stops the flow and aborts the call', async () => {
    const d = start();
    await toSubmitting(d);
    const lookup = d.script.pending('lookupIncident');
    d.actor.send({ type: 'alarm.gone' });
    expect(d.actor.getSnapshot().context.message).toBe(ALREADY_HANDLED);
    expect(lookup?.signal.aborted).toBe(true);
    expect(d.count('callDispatch')).toBe(0);
  });

  it('an alarm that leaves the feed once the dispatch is sent does not interrupt it', async () => {
    const d = start();
    await toSubmitting(d);
    await answer(d, 'lookupIncident', answers.ok);
    d.actor.send({ type: 'alarm.gone' });
    expect(d.actor.getSnapshot().value).toEqual({ submitting: 'dispatching' });
  });

  it('closing a question cancels without any call', () => {
    const d = start();
    d.actor.send({ type: 'dispatch.close' });
    expect(d.actor.getSnapshot().value).toBe('cancelled');
    expect(d.actor.getSnapshot().status).toBe('done');
    expect(d.script.calls).toHaveLength(0);
  });

  it('without provided effects the flow fails instead of pretending to dispatch', async () => {
    const actor = createActor(requestDispatchMachine, { input }).start();
    actor.send({ type: 'dispatch.confirm' });
    actor.send({ type: 'dispatch.respond', willRespond: false });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(NO_REPLY);
  });
});
