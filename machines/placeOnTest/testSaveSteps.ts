import { testChangeErrorText, type OnTestEntry, type OnTestSaveInput } from './onTest';
import { saveStep } from './saveStep';

/**
 * The save and reload steps that clearing and extending a test share
 * (docs/product/live-alarms-and-testing.md#states): save the on-test record through `actor` (the
 * machine's own actor name), show the upstream's refusal or "unable to process" in `retryState`
 * (where Save tries again), else reload the site's tests (actor `refreshTests`) and go to
 * `succeeded` however the reload ends: the change is made, and a failed reload is caught by the
 * next one. Errors are shown with the machine's `showError` action.
 */
export function testSaveSteps<const Actor extends string, const Retry extends string, C>(o: {
  actor: Actor;
  record: (context: C) => OnTestSaveInput;
  retryState: Retry;
}) {
  return {
    saving: saveStep({
      actor: o.actor,
      input: o.record,
      errorText: testChangeErrorText,
      retryState: o.retryState,
      next: 'refreshing',
    }),
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
