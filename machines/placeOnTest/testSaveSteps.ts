import { UNABLE_TO_PROCESS } from '../messages';
import { testChangeErrorText, type OnTestEntry, type OnTestSaveInput, type TestChangeAnswer } from './onTest';

/**
 * The save and reload steps that clearing and extending a test share (doc 2 §4): save the
 * on-test record through `actor` (the machine's own actor name), show the upstream's refusal or
 * "unable to process" in `retryState` (where Save tries again), else reload the site's tests
 * (actor `refreshTests`) and go to `succeeded` however the reload ends: the change is made, and
 * a failed reload is caught by the next one. Errors are shown with the machine's `showError`
 * action.
 */
export function testSaveSteps<const Actor extends string, const Retry extends string, C>(o: {
  actor: Actor;
  record: (context: C) => OnTestSaveInput;
  retryState: Retry;
}) {
  return {
    saving: {
      tags: ['busy'],
      entry: { type: 'showError', params: { error: null } },
      invoke: {
        id: o.actor,
        src: o.actor,
        input: ({ context }: { context: C }) => o.record(context),
        onDone: [
          {
            guard: ({ event }: { event: { output: TestChangeAnswer } }) =>
              testChangeErrorText(event.output) !== null,
            target: o.retryState,
            actions: {
              type: 'showError',
              params: ({ event }: { event: { output: TestChangeAnswer } }) => ({
                error: testChangeErrorText(event.output),
              }),
            },
          },
          { target: 'refreshing' },
        ],
        onError: {
          target: o.retryState,
          actions: { type: 'showError', params: { error: UNABLE_TO_PROCESS } },
        },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshTests',
        src: 'refreshTests',
        input: ({ context }: { context: { entry: OnTestEntry } }) => ({ siteNo: context.entry.site_no }),
        onDone: 'succeeded',
        onError: 'succeeded',
      },
    },
  } as const;
}
