import { assign, setup } from 'xstate';
import type { GatewayAnswer } from '../../shared/upstream/envelope';
import {
  alarmActionRequest,
  alarmActionInDoubt,
  alarmAlreadyCleared,
  alarmNotification,
  DEFAULT_SITE_UTC_OFFSET,
  DISPATCH_TYPE,
  notifyErrorText,
  type AlarmNotification,
  type AlarmRef,
  type AlarmUser,
  type DispatchRequest,
  type IncidentLookupInput,
  type NotifyOutput,
  type RefreshAlarmsInput,
} from '../alarmIncident';
import { gatewayErrorText } from '../gatewayError';
import {
  ACTION_IN_DOUBT,
  ALREADY_HANDLED,
  DISPATCH_ASK_RESPONDER,
  DISPATCH_CONFIRM,
  DISPATCH_SUCCESS,
  errorWithText,
  NO_REPLY,
  UNABLE_TO_PROCESS,
} from '../messages';
import { incidentLookupStep } from '../incidentLookupStep';
import { notProvided } from '../notProvided';

/** Default cap of the ETA comment. NOTE: the spec calls it a shared maximum and does not show it. */
export const DISPATCH_COMMENT_MAX = 250;

export interface RequestDispatchInput {
  alarm: AlarmRef;
  user: AlarmUser;
  commentMax?: number;
  /**
   * Minutes; `null` or absent means the default of
   * docs/product/live-alarms-and-testing.md#constants.
   */
  siteUtcOffset?: number | null;
}

export interface RequestDispatchContext {
  alarm: AlarmRef;
  user: AlarmUser;
  commentMax: number;
  siteUtcOffset: number;
  willRespond: boolean;
  comment: string;
  /** `Result` of the incident lookup, handed to the dispatch call. */
  incident: unknown;
  /** What the dialog shows in the current state. */
  message: string | null;
}

export type RequestDispatchEvent =
  | { type: 'dispatch.confirm' }
  | { type: 'dispatch.respond'; willRespond: boolean }
  | { type: 'dispatch.comment'; text: string }
  | { type: 'dispatch.back' }
  | { type: 'dispatch.submit' }
  | { type: 'dispatch.close' }
  /** The live feed no longer lists this alarm. */
  | { type: 'alarm.gone' };

export type RequestDispatchTag = 'dialog' | 'busy' | 'done' | 'error' | 'notice';

/** Characters left in the comment box ('Remaining'). */
export const dispatchCommentRemaining = (
  context: Pick<RequestDispatchContext, 'commentMax' | 'comment'>,
): number => context.commentMax - context.comment.length;

/**
 * Request dispatch of an active alarm (docs/product/live-alarms-and-testing.md#dispatch-dialogs,
 * docs/product/live-alarms-and-testing.md#states): confirm, say whether someone responds (Yes asks
 * for an ETA comment), then look up the incident, call dispatch, notify and refresh the active
 * alarms.
 */
export const requestDispatchMachine = setup({
  types: {
    input: {} as RequestDispatchInput,
    context: {} as RequestDispatchContext,
    events: {} as RequestDispatchEvent,
    tags: {} as RequestDispatchTag,
  },
  actors: {
    lookupIncident: notProvided<GatewayAnswer, IncidentLookupInput>('lookupIncident'),
    callDispatch: notProvided<GatewayAnswer, DispatchRequest>('callDispatch'),
    notify: notProvided<NotifyOutput, AlarmNotification>('notify'),
    refreshAlarms: notProvided<void, RefreshAlarmsInput>('refreshAlarms'),
  },
  actions: {
    show: assign((_, params: { message: string | null }) => ({ message: params.message })),
    keepIncident: assign((_, params: { incident: unknown }) => ({ incident: params.incident })),
  },
}).createMachine({
  id: 'requestDispatch',
  context: ({ input }) => ({
    alarm: input.alarm,
    user: input.user,
    commentMax: input.commentMax ?? DISPATCH_COMMENT_MAX,
    siteUtcOffset: input.siteUtcOffset ?? DEFAULT_SITE_UTC_OFFSET,
    willRespond: false,
    comment: '',
    incident: null,
    message: null,
  }),
  initial: 'confirming',
  states: {
    confirming: {
      tags: ['dialog'],
      entry: { type: 'show', params: { message: DISPATCH_CONFIRM } },
      on: {
        'dispatch.confirm': 'askingResponder',
        'dispatch.close': 'cancelled',
        'alarm.gone': 'alreadyHandled',
      },
    },
    askingResponder: {
      tags: ['dialog'],
      entry: { type: 'show', params: { message: DISPATCH_ASK_RESPONDER } },
      on: {
        'dispatch.respond': [
          {
            guard: ({ event }) => event.willRespond,
            target: 'commenting',
            actions: assign({ willRespond: true }),
          },
          // No: submit at once, without a comment
          // (docs/product/live-alarms-and-testing.md#screens).
          { target: 'submitting', actions: assign({ willRespond: false, comment: '' }) },
        ],
        'dispatch.close': 'cancelled',
        'alarm.gone': 'alreadyHandled',
      },
    },
    commenting: {
      tags: ['dialog'],
      entry: { type: 'show', params: { message: null } },
      on: {
        'dispatch.comment': {
          actions: assign({ comment: ({ context, event }) => event.text.slice(0, context.commentMax) }),
        },
        'dispatch.back': 'askingResponder',
        'dispatch.submit': 'submitting',
        'dispatch.close': 'cancelled',
        'alarm.gone': 'alreadyHandled',
      },
    },
    // NOTE: no state below accepts dispatch.submit again, so a double click makes one call.
    submitting: {
      tags: ['busy'],
      entry: { type: 'show', params: { message: null } },
      initial: 'lookingUp',
      states: {
        lookingUp: incidentLookupStep('requestDispatch', 'dispatching'),
        dispatching: {
          invoke: {
            id: 'callDispatch',
            src: 'callDispatch',
            input: ({ context }) => ({
              ...alarmActionRequest(
                context.alarm,
                context.user,
                context.comment,
                context.siteUtcOffset,
                context.incident,
              ),
              WillRespond: context.willRespond,
            }),
            onDone: [
              {
                guard: ({ event }) => alarmAlreadyCleared(event.output),
                target: '#requestDispatch.alreadyHandled',
              },
              {
                guard: ({ event }) => alarmActionInDoubt(event.output),
                target: '#requestDispatch.inDoubt',
              },
              {
                guard: ({ event }) => gatewayErrorText(event.output) !== null,
                target: '#requestDispatch.failed',
                actions: assign({
                  message: ({ event }) => errorWithText(gatewayErrorText(event.output) ?? UNABLE_TO_PROCESS),
                }),
              },
              { target: 'notifying' },
            ],
            onError: {
              target: '#requestDispatch.failed',
              actions: { type: 'show', params: { message: NO_REPLY } },
            },
          },
        },
        notifying: {
          invoke: {
            id: 'notify',
            src: 'notify',
            input: ({ context }) =>
              alarmNotification(
                context.alarm,
                context.user,
                context.willRespond ? DISPATCH_TYPE.responding : DISPATCH_TYPE.notResponding,
                context.comment,
              ),
            onDone: [
              {
                guard: ({ event }) => notifyErrorText(event.output) !== null,
                target: '#requestDispatch.failed',
                actions: assign({
                  message: ({ event }) => errorWithText(notifyErrorText(event.output) ?? UNABLE_TO_PROCESS),
                }),
              },
              { target: 'refreshing' },
            ],
            onError: {
              target: '#requestDispatch.failed',
              actions: { type: 'show', params: { message: NO_REPLY } },
            },
          },
        },
        refreshing: {
          // NOTE: the dispatch is done; a failed reload leaves it to the live feed to catch up.
          invoke: {
            id: 'refreshAlarms',
            src: 'refreshAlarms',
            input: ({ context }) => ({ reason: 'dispatch' as const, alarmincNo: context.alarm.alarminc_No }),
            onDone: '#requestDispatch.succeeded',
            onError: '#requestDispatch.succeeded',
          },
        },
      },
    },
    succeeded: {
      type: 'final',
      tags: ['done'],
      entry: { type: 'show', params: { message: DISPATCH_SUCCESS } },
    },
    failed: { type: 'final', tags: ['error'] },
    alreadyHandled: {
      type: 'final',
      tags: ['notice'],
      entry: { type: 'show', params: { message: ALREADY_HANDLED } },
    },
    // NOTE: not a failure: the dispatch may have gone through, so the user checks before retrying.
    inDoubt: {
      type: 'final',
      tags: ['notice'],
      entry: { type: 'show', params: { message: ACTION_IN_DOUBT } },
    },
    cancelled: {
      type: 'final',
      entry: { type: 'show', params: { message: null } },
    },
  },
});
