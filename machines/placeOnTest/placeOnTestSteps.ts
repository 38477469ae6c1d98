import { saveOnTestErrorText, type OnTestSaveInput } from './onTest';
import { saveStep } from './saveStep';

/** What the comment rules read of a machine's context: the fixed prefix counts against the cap. */
interface CommentContext {
  commentPrefix: string;
  /** The shared maximum of prefix and text together. */
  commentMax: number;
  /** What the user typed after the prefix. */
  comment: string;
}

/**
 * Characters the user may still type after the prefix
 * (docs/product/live-alarms-and-testing.md#validation).
 */
export const commentRemaining = (c: CommentContext): number =>
  c.commentMax - c.commentPrefix.length - c.comment.length;

/** The typed text, cut where prefix and text reach the shared maximum. */
export const commentWithinCap = (c: Pick<CommentContext, 'commentPrefix' | 'commentMax'>, text: string) =>
  text.slice(0, Math.max(0, c.commentMax - c.commentPrefix.length));

/**
 * The steps that placing a site on test and placing an alarm's system on test share
 * (docs/product/live-alarms-and-testing.md#states,
 * docs/product/live-alarms-and-testing.md#validation): a failed load that Retry repeats, the save
 * through actor `saveOnTest` (the upstream's refusal or "unable to process" lands in `saveFailed`,
 * where Save tries again), the form's ready/invalid/saveFailed sub-states and the final `closed`.
 * Errors are shown with the machine's `showError` action.
 *
 * @param o.record the save's input, made of the machine's context
 * @param o.saveFailed the target of a refused or failed save (the form's `saveFailed` state)
 */
export function placeOnTestSteps<const SaveFailed extends string, C>(o: {
  record: (context: C) => OnTestSaveInput;
  saveFailed: SaveFailed;
}) {
  return {
    /** The lookups did not load; Retry loads them again. */
    loadFailed: {
      tags: ['error'],
      on: {
        'test.retry': { target: 'loading', actions: { type: 'showError', params: { error: null } } },
        'test.close': 'closed',
      },
    },
    saving: saveStep({
      actor: 'saveOnTest',
      input: o.record,
      errorText: saveOnTestErrorText,
      retryState: o.saveFailed,
      next: 'succeeded',
    }),
    closed: { type: 'final', entry: { type: 'showError', params: { error: null } } },
  } as const;
}

/** The form's own sub-states: `ready` clears the error, `invalid` and `saveFailed` show one. */
export const testFormStates = {
  ready: { entry: { type: 'showError', params: { error: null } } },
  /** A rule of docs/product/live-alarms-and-testing.md#validation failed; `error` says which. */
  invalid: { tags: ['error'] },
  /** The server refused the save or did not answer; Save tries again. */
  saveFailed: { tags: ['error'] },
} as const;
