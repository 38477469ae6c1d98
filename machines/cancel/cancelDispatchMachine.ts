import { assign, setup } from 'xstate';
import type { GatewayAnswer } from '../../shared/upstream/envelope';
import {
  alarmActionRequest,
  alarmNotification,
  DEFAULT_SITE_UTC_OFFSET,
  DISPATCH_TYPE,
  type AlarmActionRequest,
  type AlarmRef,
  type AlarmUser,
} from '../alarmIncident';
import {
  ACTION_IN_DOUBT,
  ALREADY_HANDLED,
  CANCEL_SUCCESS,
  CODEWORD_EMPTY,
  CODEWORD_INVALID,
  CODEWORD_NO_USER,
  MANUAL_SIGNAL_OK,
  NO_REPLY,
} from '../messages';
import { alarmActionActors, alarmActionStep, notifyAndRefreshSteps } from '../alarmActionSteps';
import { incidentLookupStep } from '../incidentLookupStep';
import { notProvided } from '../notProvided';

/**
 * Event id of the manual signal sent after a cancel
 * (docs/product/live-alarms-and-testing.md#constants).
 */
export const MANUAL_SIGNAL_EVENT_ID = 4618;
/** Wait after the last keystroke before the bridge checks the codeword. */
export const VERIFY_DEBOUNCE_MS = 300;

/** NOTE: the spec does not show the comment text of the cancel and manual-signal calls. */
export const cancelComment = (userName: string): string => `Dispatch cancel requested by ${userName} (Web)`;

export interface CancelDispatchInput {
  alarm: AlarmRef;
  /** `null` when the session has no user ('Invalid user!'). */
  user: AlarmUser | null;
  siteUtcOffset?: number | null;
}

/**
 * Input of `verifyCodeword`: the entry typed by the user. The bridge compares it with the stored
 * codeword or PIN (which never reaches the browser) and runs the login check of
 * docs/product/live-alarms-and-testing.md#validation.
 */
export interface CodewordCheckInput {
  codeword: string;
}
export type CodewordCheck =
  | { status: 'match' }
  | { status: 'mismatch' }
  | { status: 'noUser' }
  /** The login check answered with an error text. */
  | { status: 'error'; text: string };

/** Input of `setManualSignal` (GET alarm/SetManualSignal). */
export interface ManualSignalInput {
  csNo: string;
  siteNo: string;
  eventId: number;
  comment: string;
}
/** Output of `setManualSignal`: the reply text; 'Success.' is expected. */
export interface ManualSignalOutput {
  reply: string | null;
}

export interface CancelDispatchContext {
  alarm: AlarmRef;
  user: AlarmUser | null;
  siteUtcOffset: number;
  codeword: string;
  /** Whether the cancel button is enabled: only once the bridge said the entry matches. */
  canSubmit: boolean;
  message: string | null;
  /** A manual-signal reply other than 'Success.', shown next to the result. */
  signalNotice: string | null;
  incident: unknown;
}

export type CancelDispatchEvent =
  | { type: 'cancel.input'; text: string }
  | { type: 'cancel.submit' }
  | { type: 'cancel.close' }
  | { type: 'cancel.ok' }
  | { type: 'alarm.gone' };

export type CancelDispatchTag = 'dialog' | 'checking' | 'busy' | 'done' | 'error' | 'notice';

// NOTE: unreachable in practice (no user never enables the button); keeps the payload total.
const NOBODY: AlarmUser = { contactNumber: '', userName: '' };
const actingUser = (context: CancelDispatchContext): AlarmUser => context.user ?? NOBODY;

/**
 * Cancel dispatch of an active alarm (docs/product/live-alarms-and-testing.md#screens, #states,
 * #validation): the codeword entry enables the button once the bridge says it matches; then look up
 * the incident, clear the alarm, send the manual signal, notify, refresh, and show the result until
 * ok.
 */
export const cancelDispatchMachine = setup({
  types: {
    input: {} as CancelDispatchInput,
    context: {} as CancelDispatchContext,
    events: {} as CancelDispatchEvent,
    tags: {} as CancelDispatchTag,
  },
  actors: {
    ...alarmActionActors,
    verifyCodeword: notProvided<CodewordCheck, CodewordCheckInput>('verifyCodeword'),
    clearAlarm: notProvided<GatewayAnswer, AlarmActionRequest>('clearAlarm'),
    setManualSignal: notProvided<ManualSignalOutput, ManualSignalInput>('setManualSignal'),
  },
  actions: {
    show: assign((_, params: { message: string | null }) => ({ message: params.message })),
    keepIncident: assign((_, params: { incident: unknown }) => ({ incident: params.incident })),
  },
  delays: {
    verifyDebounce: VERIFY_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'cancelDispatch',
  context: ({ input }) => ({
    alarm: input.alarm,
    user: input.user,
    siteUtcOffset: input.siteUtcOffset ?? DEFAULT_SITE_UTC_OFFSET,
    codeword: '',
    canSubmit: false,
    message: null,
    signalNotice: null,
    incident: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      tags: ['dialog'],
      // The entry has done its job once the dialog moves on; do not keep it around.
      exit: assign({ codeword: '', canSubmit: false }),
      initial: 'idle',
      on: {
        'cancel.input': {
          target: '.checking',
          actions: assign({ codeword: ({ event }) => event.text, canSubmit: false, message: null }),
        },
        'cancel.submit': {
          guard: ({ context }) => context.canSubmit,
          target: 'submitting',
        },
        'cancel.close': 'cancelled',
        'alarm.gone': 'alreadyHandled',
      },
      states: {
        idle: {},
        checking: {
          always: [
            {
              guard: ({ context }) => context.codeword.trim() === '',
              target: 'rejected',
              actions: { type: 'show', params: { message: CODEWORD_EMPTY } },
            },
            {
              guard: ({ context }) => context.user === null,
              target: 'rejected',
              actions: { type: 'show', params: { message: CODEWORD_NO_USER } },
            },
            { target: 'waiting' },
          ],
        },
        waiting: {
          after: { verifyDebounce: 'verifying' },
        },
        verifying: {
          tags: ['checking'],
          invoke: {
            id: 'verifyCodeword',
            src: 'verifyCodeword',
            input: ({ context }) => ({ codeword: context.codeword }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'match',
                target: 'accepted',
                actions: assign({ canSubmit: true }),
              },
              {
                guard: ({ event }) => event.output.status === 'noUser',
                target: 'rejected',
                actions: { type: 'show', params: { message: CODEWORD_NO_USER } },
              },
              {
                target: 'rejected',
                actions: assign({
                  message: ({ event }) =>
                    event.output.status === 'error' ? event.output.text : CODEWORD_INVALID,
                }),
              },
            ],
            onError: { target: 'rejected', actions: { type: 'show', params: { message: NO_REPLY } } },
          },
        },
        accepted: {},
        rejected: {},
      },
    },
    submitting: {
      tags: ['busy'],
      entry: { type: 'show', params: { message: null } },
      initial: 'lookingUp',
      states: {
        lookingUp: incidentLookupStep('cancelDispatch', 'clearing'),
        clearing: alarmActionStep({
          machineId: 'cancelDispatch',
          actor: 'clearAlarm',
          input: (context: CancelDispatchContext): AlarmActionRequest =>
            alarmActionRequest(
              context.alarm,
              actingUser(context),
              cancelComment(actingUser(context).userName),
              context.siteUtcOffset,
              context.incident,
            ),
          next: 'signalling',
        }),
        signalling: {
          // A reply other than 'Success.' is shown, but the cancel itself has gone through.
          invoke: {
            id: 'setManualSignal',
            src: 'setManualSignal',
            input: ({ context }) => ({
              csNo: context.alarm.cs_No,
              siteNo: context.alarm.site_No,
              eventId: MANUAL_SIGNAL_EVENT_ID,
              comment: cancelComment(actingUser(context).userName),
            }),
            onDone: {
              target: 'notifying',
              actions: assign({
                signalNotice: ({ event }) =>
                  event.output.reply === MANUAL_SIGNAL_OK ? null : event.output.reply?.trim() || NO_REPLY,
              }),
            },
            onError: { target: 'notifying', actions: assign({ signalNotice: NO_REPLY }) },
          },
        },
        ...notifyAndRefreshSteps({
          machineId: 'cancelDispatch',
          notification: (context: CancelDispatchContext) =>
            alarmNotification(context.alarm, actingUser(context), DISPATCH_TYPE.cancel),
          reason: 'cancel',
        }),
      },
    },
    succeeded: {
      tags: ['dialog', 'done'],
      entry: { type: 'show', params: { message: CANCEL_SUCCESS } },
      on: { 'cancel.ok': 'closed' },
    },
    failed: {
      tags: ['dialog', 'error'],
      on: { 'cancel.ok': 'closed' },
    },
    alreadyHandled: {
      tags: ['dialog', 'notice'],
      entry: { type: 'show', params: { message: ALREADY_HANDLED } },
      on: { 'cancel.ok': 'closed' },
    },
    // NOTE: not a failure: the cancel may have gone through, so the user checks before retrying.
    inDoubt: {
      tags: ['dialog', 'notice'],
      entry: { type: 'show', params: { message: ACTION_IN_DOUBT } },
      on: { 'cancel.ok': 'closed' },
    },
    cancelled: { type: 'final', entry: { type: 'show', params: { message: null } } },
    closed: { type: 'final', entry: { type: 'show', params: { message: null } } },
  },
});
