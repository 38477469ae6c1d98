import type { GatewayAnswer } from '../shared/upstream/envelope';
import { alarmAlreadyCleared, incidentLookupInput, type AlarmRef } from './alarmIncident';
import { gatewayErrorText } from './gatewayError';
import { NO_REPLY, UNABLE_TO_PROCESS } from './messages';

/** What the lookup step reads and writes of a machine's context. */
interface LookupContext {
  alarm: AlarmRef;
}

/**
 * The incident-lookup step that request dispatch and cancel dispatch share
 * (docs/product/live-alarms-and-testing.md#states, #roles): it looks the alarm's incident up (actor
 * `lookupIncident`), keeps its `Result` for the action that follows (action `keepIncident`), and
 * ends the flow when the alarm is already cleared, the gateway answers an error, or nothing
 * answers. Until it is done nothing was sent, so an alarm that vanishes from the live feed still
 * stops the flow.
 *
 * @param machineId the `id` of the machine, whose `alreadyHandled` and `failed` states it targets
 * @param next the sibling state that performs the action
 */
export function incidentLookupStep<const Id extends string, const Next extends string>(
  machineId: Id,
  next: Next,
) {
  const alreadyHandled = `#${machineId}.alreadyHandled` as const;
  const failed = `#${machineId}.failed` as const;
  return {
    on: { 'alarm.gone': alreadyHandled },
    invoke: {
      id: 'lookupIncident',
      src: 'lookupIncident',
      input: ({ context }: { context: LookupContext }) => incidentLookupInput(context.alarm),
      onDone: [
        {
          guard: ({ event }: { event: { output: GatewayAnswer } }) => alarmAlreadyCleared(event.output),
          target: alreadyHandled,
        },
        {
          guard: ({ event }: { event: { output: GatewayAnswer } }) => gatewayErrorText(event.output) !== null,
          target: failed,
          actions: {
            type: 'show',
            params: ({ event }: { event: { output: GatewayAnswer } }) => ({
              message: gatewayErrorText(event.output) ?? UNABLE_TO_PROCESS,
            }),
          },
        },
        {
          target: next,
          actions: {
            type: 'keepIncident',
            params: ({ event }: { event: { output: GatewayAnswer } }) => ({ incident: event.output.Result }),
          },
        },
      ],
      onError: {
        target: failed,
        actions: { type: 'show', params: { message: NO_REPLY } },
      },
    },
  } as const;
}
