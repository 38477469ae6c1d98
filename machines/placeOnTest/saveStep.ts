import { UNABLE_TO_PROCESS } from '../messages';
import type { OnTestSaveInput } from './onTest';

/**
 * One save of an on-test change (docs/product/live-alarms-and-testing.md#states): run actor `actor`
 * (the machine's own actor name) with `input`; an answer that `errorText` reads as a refusal, or no
 * answer at all ("unable to process"), goes to `retryState` with the text shown by the machine's
 * `showError` action; any other answer goes to `next`. Placing, clearing and extending a test all
 * save this way.
 */
export function saveStep<
  const Actor extends string,
  const Retry extends string,
  const Next extends string,
  C,
  Answer,
>(o: {
  actor: Actor;
  input: (context: C) => OnTestSaveInput;
  errorText: (answer: Answer) => string | null;
  retryState: Retry;
  next: Next;
}) {
  return {
    tags: ['busy'],
    entry: { type: 'showError', params: { error: null } },
    invoke: {
      id: o.actor,
      src: o.actor,
      input: ({ context }: { context: C }) => o.input(context),
      onDone: [
        {
          guard: ({ event }: { event: { output: Answer } }) => o.errorText(event.output) !== null,
          target: o.retryState,
          actions: {
            type: 'showError',
            params: ({ event }: { event: { output: Answer } }) => ({ error: o.errorText(event.output) }),
          },
        },
        { target: o.next },
      ],
      onError: {
        target: o.retryState,
        actions: { type: 'showError', params: { error: UNABLE_TO_PROCESS } },
      },
    },
  } as const;
}
