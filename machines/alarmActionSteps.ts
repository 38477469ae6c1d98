import type { GatewayAnswer } from '../shared/upstream/envelope';
import {
  alarmActionInDoubt,
  alarmAlreadyCleared,
  notifyErrorText,
  type AlarmNotification,
  type IncidentLookupInput,
  type AlarmRef,
  type NotifyOutput,
  type RefreshAlarmsInput,
} from './alarmIncident';
import { gatewayErrorText } from './gatewayError';
import { errorWithText, NO_REPLY, UNABLE_TO_PROCESS } from './messages';
import { notProvided } from './notProvided';

type Answered<Output> = { event: { output: Output } };

/**
 * The placeholder actors of the steps every alarm action shares (the incident lookup, the
 * notification, the reload); the app and the tests `provide` them.
 */
export const alarmActionActors = {
  lookupIncident: notProvided<GatewayAnswer, IncidentLookupInput>('lookupIncident'),
  notify: notProvided<NotifyOutput, AlarmNotification>('notify'),
  refreshAlarms: notProvided<void, RefreshAlarmsInput>('refreshAlarms'),
};

/** The branch that ends in `failed` when `errorText` reads the answer as a refusal. */
const refusedTo = <const Failed extends string, Output>(
  failed: Failed,
  errorText: (output: Output) => string | null,
) =>
  ({
    guard: ({ event }: Answered<Output>) => errorText(event.output) !== null,
    target: failed,
    actions: {
      type: 'show',
      params: ({ event }: Answered<Output>) => ({
        message: errorWithText(errorText(event.output) ?? UNABLE_TO_PROCESS),
      }),
    },
  }) as const;

/**
 * The step that makes an alarm action's gateway call (dispatch, clear) and checks the answer
 * (docs/product/live-alarms-and-testing.md#states, #roles): run actor `actor` with `input`; an
 * alarm already cleared goes to the machine's `alreadyHandled`, an answer that leaves the outcome
 * open to `inDoubt`, a gateway error or no answer to `failed` (shown with the machine's `show`
 * action), anything else to `next`.
 *
 * @param o.machineId the `id` of the machine, whose final states it targets
 * @param o.next the sibling state that follows a good answer
 */
export function alarmActionStep<
  const Id extends string,
  const Actor extends string,
  const Next extends string,
  C,
  Input,
>(o: { machineId: Id; actor: Actor; input: (context: C) => Input; next: Next }) {
  const failed = `#${o.machineId}.failed` as const;
  return {
    invoke: {
      id: o.actor,
      src: o.actor,
      input: ({ context }: { context: C }) => o.input(context),
      onDone: [
        {
          guard: ({ event }: Answered<GatewayAnswer>) => alarmAlreadyCleared(event.output),
          target: `#${o.machineId}.alreadyHandled` as const,
        },
        {
          guard: ({ event }: Answered<GatewayAnswer>) => alarmActionInDoubt(event.output),
          target: `#${o.machineId}.inDoubt` as const,
        },
        refusedTo(failed, gatewayErrorText),
        { target: o.next },
      ],
      onError: {
        target: failed,
        actions: { type: 'show', params: { message: NO_REPLY } },
      },
    },
  } as const;
}

/**
 * The two last steps of an alarm action (docs/product/live-alarms-and-testing.md#states):
 * `notifying` sends the notification made by `notification` (actor `notify`; a refusal or no answer
 * ends in the machine's `failed`), then `refreshing` reloads the active alarms (actor
 * `refreshAlarms`) and ends in `succeeded` however the reload ends.
 */
export function notifyAndRefreshSteps<const Id extends string, C extends { alarm: AlarmRef }>(o: {
  machineId: Id;
  notification: (context: C) => AlarmNotification;
  reason: RefreshAlarmsInput['reason'];
}) {
  const failed = `#${o.machineId}.failed` as const;
  const succeeded = `#${o.machineId}.succeeded` as const;
  return {
    notifying: {
      invoke: {
        id: 'notify',
        src: 'notify',
        input: ({ context }: { context: C }) => o.notification(context),
        onDone: [refusedTo(failed, notifyErrorText), { target: 'refreshing' }],
        onError: {
          target: failed,
          actions: { type: 'show', params: { message: NO_REPLY } },
        },
      },
    },
    refreshing: {
      // NOTE: the action is done; a failed reload leaves it to the live feed to catch up.
      invoke: {
        id: 'refreshAlarms',
        src: 'refreshAlarms',
        input: ({ context }: { context: C }): RefreshAlarmsInput => ({
          reason: o.reason,
          alarmincNo: context.alarm.alarminc_No,
        }),
        onDone: succeeded,
        onError: succeeded,
      },
    },
  } as const;
}
