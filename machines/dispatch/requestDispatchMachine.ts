import { assign, setup } from 'xstate';
import type { GatewayAnswer } from '../../shared/upstream/envelope';
import {
  alarmActionRequest,
  alarmNotification,
  DEFAULT_SITE_UTC_OFFSET,
  DISPATCH_TYPE,
  type AlarmRef,
  type AlarmUser,
  type DispatchRequest,
} from '../alarmIncident';
import {
  ACTION_IN_DOUBT,
  ALREADY_HANDLED,
  DISPATCH_ASK_RESPONDER,
  DISPATCH_CONFIRM,
  DISPATCH_SUCCESS,
} from '../messages';
import { alarmActionActors, alarmActionStep, notifyAndRefreshSteps } from '../alarmActionSteps';
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
    ...alarmActionActors,
    callDispatch: notProvided<GatewayAnswer, DispatchRequest>('callDispatch'),
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
        dispatching: alarmActionStep({
          machineId: 'requestDispatch',
          actor: 'callDispatch',
          input: (context: RequestDispatchContext): DispatchRequest => ({
            ...alarmActionRequest(
              context.alarm,
              context.user,
              context.comment,
              context.siteUtcOffset,
              context.incident,
            ),
            WillRespond: context.willRespond,
          }),
          next: 'notifying',
        }),
        ...notifyAndRefreshSteps({
          machineId: 'requestDispatch',
          notification: (context: RequestDispatchContext) =>
            alarmNotification(
              context.alarm,
              context.user,
              context.willRespond ? DISPATCH_TYPE.responding : DISPATCH_TYPE.notResponding,
              context.comment,
            ),
          reason: 'dispatch',
        }),
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
