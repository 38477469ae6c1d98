import type { Answer } from '../http/handlerAnswer';
import {
  alreadyHandledEnvelope,
  alreadyHandledGatewayAnswer,
  confirmedGatewayAnswer,
  envelopeOutcome,
  gatewayOutcome,
  inDoubtEnvelope,
  inDoubtGatewayAnswer,
  refusedEnvelope,
  refusedGatewayAnswer,
  saysAlarmCleared,
  settledEnvelope,
  settledGatewayAnswer,
  type ActionOutcome,
} from './actionOutcome';
import type { ActionRequest } from './actionRequests';
import { ALREADY_HANDLED } from '../../shared/messages/alarmActionMessages';

/** Actions that act on one alarm: they take its lock. */
export const LOCKED_ACTIONS: ReadonlySet<string> = new Set(['dispatch', 'cancel']);

export const REFUSED: ActionOutcome = { outcome: 'alreadyHandled', message: ALREADY_HANDLED };

/** How a family of routes reads its answers and words the bridge's own: the alarm gateway's shape, or the envelope. */
export interface AnswerStyle {
  outcome(request: ActionRequest, answer: Answer): ActionOutcome;
  alreadyHandled(): unknown;
  /** The answer sent for a success (the gateway restates dispatch and cancel in the machines' terms). */
  confirmed(request: ActionRequest, answer: Answer): Answer;
  /** An action in doubt that the upstream's own state showed carried out. */
  settled(): unknown;
  /** An action whose outcome no one can tell: the user is asked to check the alarm. */
  inDoubt(): unknown;
  /** The bridge refuses the action, in the shape its screens read. */
  refused(message: string, status: number): Answer;
}

export const GATEWAY_STYLE: AnswerStyle = {
  outcome(request, answer) {
    const outcome = gatewayOutcome(answer.status, answer.body);
    // A dispatch the upstream refuses because the alarm is already cleared: someone handled it.
    // (A cancel that worked says the same of the alarm it has just cleared.)
    return request.action === 'dispatch' && outcome.outcome === 'ok' && saysAlarmCleared(answer.body)
      ? REFUSED
      : outcome;
  },
  alreadyHandled: alreadyHandledGatewayAnswer,
  confirmed: (request, answer) =>
    LOCKED_ACTIONS.has(request.action) ? { ...answer, body: confirmedGatewayAnswer(answer.body) } : answer,
  settled: settledGatewayAnswer,
  inDoubt: inDoubtGatewayAnswer,
  refused: (message, status) => ({ status, body: refusedGatewayAnswer(message, status) }),
};

export const ENVELOPE_STYLE: AnswerStyle = {
  outcome: (_request, answer) => envelopeOutcome(answer.status, answer.body),
  alreadyHandled: alreadyHandledEnvelope,
  confirmed: (_request, answer) => answer,
  settled: settledEnvelope,
  inDoubt: inDoubtEnvelope,
  refused: (message, status) => ({ status, body: refusedEnvelope(message) }),
};
