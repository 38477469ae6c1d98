import { fromPromise } from 'xstate';
import type {
  AlarmActionRequest,
  AlarmNotification,
  DispatchRequest,
  IncidentLookupInput,
  NotifyOutput,
  RefreshAlarmsInput,
} from '../../../../machines/alarmIncident';
import {
  cancelDispatchMachine,
  type CodewordCheck,
  type CodewordCheckInput,
  type ManualSignalInput,
  type ManualSignalOutput,
} from '../../../../machines/cancel/cancelDispatchMachine';
import { requestDispatchMachine } from '../../../../machines/dispatch/requestDispatchMachine';
import {
  alarmPlaceOnTestMachine,
  type TestCategoriesInput,
} from '../../../../machines/placeOnTest/alarmPlaceOnTestMachine';
import type {
  OnTestSaveInput,
  SaveOnTestAnswer,
  TestCategory,
} from '../../../../machines/placeOnTest/onTest';
import type { GatewayAnswer } from '../../../../shared/upstream/envelope';
import * as api from './alarmActionsApi';

/**
 * The flow machines with their real effects: each actor calls the bridge through the API file.
 * What the page adds: how to wait for the active alarms to show the change.
 */
export interface FlowDeps {
  /** Resolves when the live active alarms reflect the action (or after a short wait). */
  refreshAlarms(input: RefreshAlarmsInput): Promise<void>;
}

/** Milliseconds the codeword entry rests before the bridge checks it (see docs/decisions.md). */
export const CODEWORD_DEBOUNCE_MS = 600;

const lookupIncident = fromPromise<GatewayAnswer, IncidentLookupInput>(({ input, signal }) =>
  api.lookupIncident(input, signal),
);
const notify = fromPromise<NotifyOutput, AlarmNotification>(({ input }) => api.notify(input));

export function requestDispatchFlow(deps: FlowDeps) {
  return requestDispatchMachine.provide({
    actors: {
      lookupIncident,
      callDispatch: fromPromise<GatewayAnswer, DispatchRequest>(({ input }) => api.callDispatch(input)),
      notify,
      refreshAlarms: fromPromise<void, RefreshAlarmsInput>(({ input }) => deps.refreshAlarms(input)),
    },
  });
}

export function cancelDispatchFlow(deps: FlowDeps) {
  return cancelDispatchMachine.provide({
    actors: {
      verifyCodeword: fromPromise<CodewordCheck, CodewordCheckInput>(({ input, signal }) =>
        api.verifyCodeword(input.codeword, signal),
      ),
      lookupIncident,
      clearAlarm: fromPromise<GatewayAnswer, AlarmActionRequest>(({ input }) => api.clearAlarm(input)),
      setManualSignal: fromPromise<ManualSignalOutput, ManualSignalInput>(({ input }) =>
        api.setManualSignal(input),
      ),
      notify,
      refreshAlarms: fromPromise<void, RefreshAlarmsInput>(({ input }) => deps.refreshAlarms(input)),
    },
    delays: { verifyDebounce: CODEWORD_DEBOUNCE_MS },
  });
}

export function alarmPlaceOnTestFlow(from: { alarmId: string; csNo: string }) {
  return alarmPlaceOnTestMachine.provide({
    actors: {
      loadTestCategories: fromPromise<TestCategory[], TestCategoriesInput>(({ signal }) =>
        api.loadTestCategories(signal),
      ),
      saveOnTest: fromPromise<SaveOnTestAnswer, OnTestSaveInput>(({ input }) => api.saveOnTest(input, from)),
    },
  });
}
