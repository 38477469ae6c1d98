import { assign, setup } from 'xstate';
import { DEFAULT_SITE_UTC_OFFSET } from '../alarmIncident';
import { TEST_PLACED, UNABLE_TO_PROCESS } from '../messages';
import { notProvided } from '../notProvided';
import {
  baseRecord,
  type OnTestSaveInput,
  type SaveOnTestAnswer,
  type TestCategory,
  type TestLimits,
} from './onTest';
import {
  ALARM_TEST_COMMENT_MAX,
  alarmTestDuration,
  formatFormDate,
  siteNow,
  testCommentPrefix,
  validateAlarmTest,
} from './testDates';
import { commentRemaining, commentWithinCap, placeOnTestSteps, testFormStates } from './placeOnTestSteps';

/**
 * Wait after a successful save before the dialog closes
 * (docs/product/live-alarms-and-testing.md#states, #constants).
 */
export const CLOSE_DELAY_MS = 1500;
/**
 * The category preselected in the alarm variant has this many default hours
 * (docs/product/live-alarms-and-testing.md#states).
 */
export const PRESELECTED_DEFAULT_HOURS = 2;

export interface AlarmPlaceOnTestInput {
  alarm: { cs_No: string; site_No: string; system_No: string };
  user: { contactNumber: string; firstName: string | null };
  /**
   * SiteUTCOffset in minutes; `null` or absent means the default of
   * docs/product/live-alarms-and-testing.md#constants.
   */
  siteUtcOffsetMinutes?: number | null;
  /** Milliseconds since the epoch, UTC; tests hand in a fixed clock. */
  clock: () => number;
  /** The profile's testCategoryDetails, for the latest allowed expiry. */
  limits?: TestLimits | null;
  /**
   * The comment's fixed prefix and cap from configuration
   * (docs/product/live-alarms-and-testing.md#validation); the defaults otherwise.
   */
  comment?: { prefix?: string; max?: number };
}

/** Input of `loadTestCategories` (GET OnTest/GetTestCategory). Output: `TestCategory[]`. */
export interface TestCategoriesInput {
  siteNo: string;
}

export interface AlarmPlaceOnTestContext {
  alarm: AlarmPlaceOnTestInput['alarm'];
  user: AlarmPlaceOnTestInput['user'];
  siteUtcOffset: number;
  clock: () => number;
  limits: TestLimits | null;
  categories: TestCategory[];
  categoryId: string | null;
  /** Site milliseconds (see testDates.ts). */
  effective: number | null;
  /** Read-only: effective plus the category's duration. */
  expire: number | null;
  commentPrefix: string;
  /** The cap of prefix and text together. */
  commentMax: number;
  /** What the user typed after the prefix. */
  comment: string;
  /** A validation or save failure, shown in red. */
  error: string | null;
  /** The success text. */
  message: string | null;
}

export type AlarmPlaceOnTestEvent =
  | { type: 'test.category'; testcatId: string }
  | { type: 'test.comment'; text: string }
  | { type: 'test.save' }
  | { type: 'test.retry' }
  | { type: 'test.close' };

export type AlarmPlaceOnTestTag = 'busy' | 'dialog' | 'done' | 'error';

/** Characters the user may still type (the prefix counts against the cap). */
export const testCommentRemaining: (
  context: Pick<AlarmPlaceOnTestContext, 'commentPrefix' | 'comment' | 'commentMax'>,
) => number = commentRemaining;

const nowAtSite = (context: AlarmPlaceOnTestContext): number =>
  siteNow(context.clock(), context.siteUtcOffset);

const expireFor = (
  categories: TestCategory[],
  categoryId: string | null,
  effective: number | null,
): number | null => {
  const category = categories.find((c) => c.testcat_id === categoryId);
  return category && effective !== null ? effective + alarmTestDuration(category) : null;
};

const formErrors = (context: AlarmPlaceOnTestContext): string | null =>
  validateAlarmTest(context, nowAtSite(context), context.limits);

/**
 * Place on test opened from an active alarm
 * (docs/product/live-alarms-and-testing.md#place-on-test-screen,
 * docs/product/live-alarms-and-testing.md#states,
 * docs/product/live-alarms-and-testing.md#validation): the whole system of the alarm, a test
 * category (the one with 2 default hours preselected), the effective date at the site's now and a
 * read-only expire date, and a prefixed comment.
 */
export const alarmPlaceOnTestMachine = setup({
  types: {
    input: {} as AlarmPlaceOnTestInput,
    context: {} as AlarmPlaceOnTestContext,
    events: {} as AlarmPlaceOnTestEvent,
    tags: {} as AlarmPlaceOnTestTag,
  },
  actors: {
    loadTestCategories: notProvided<TestCategory[], TestCategoriesInput>('loadTestCategories'),
    saveOnTest: notProvided<SaveOnTestAnswer, OnTestSaveInput>('saveOnTest'),
  },
  actions: {
    showError: assign((_, params: { error: string | null }) => ({ error: params.error })),
  },
  delays: {
    closeDelay: CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'alarmPlaceOnTest',
  context: ({ input }) => {
    const siteUtcOffset = input.siteUtcOffsetMinutes ?? DEFAULT_SITE_UTC_OFFSET;
    return {
      alarm: input.alarm,
      user: input.user,
      siteUtcOffset,
      clock: input.clock,
      limits: input.limits ?? null,
      categories: [],
      categoryId: null,
      effective: siteNow(input.clock(), siteUtcOffset),
      expire: null,
      commentPrefix: testCommentPrefix(input.user.firstName, input.comment?.prefix),
      commentMax: input.comment?.max ?? ALARM_TEST_COMMENT_MAX,
      comment: '',
      error: null,
      message: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTestCategories',
        src: 'loadTestCategories',
        input: ({ context }) => ({ siteNo: context.alarm.site_No }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const categories = event.output;
            const preselected = categories.find((c) => Number(c.default_hours) === PRESELECTED_DEFAULT_HOURS);
            const categoryId = preselected?.testcat_id ?? null;
            return { categories, categoryId, expire: expireFor(categories, categoryId, context.effective) };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: UNABLE_TO_PROCESS }) },
      },
    },
    editing: {
      tags: ['dialog'],
      initial: 'ready',
      on: {
        'test.category': {
          guard: ({ context, event }) => context.categories.some((c) => c.testcat_id === event.testcatId),
          target: '.ready',
          actions: assign(({ context, event }) => ({
            categoryId: event.testcatId,
            expire: expireFor(context.categories, event.testcatId, context.effective),
          })),
        },
        'test.comment': {
          target: '.ready',
          actions: assign({ comment: ({ context, event }) => commentWithinCap(context, event.text) }),
        },
        'test.save': [
          {
            guard: ({ context }) => formErrors(context) !== null,
            target: '.invalid',
            actions: assign({ error: ({ context }) => formErrors(context) }),
          },
          { target: 'saving' },
        ],
        'test.close': 'closed',
      },
      states: testFormStates,
    },
    ...placeOnTestSteps({
      record: (context: AlarmPlaceOnTestContext) => ({
        record: {
          ...baseRecord(context.alarm.site_No, context.alarm.system_No, context.user.contactNumber),
          testcat_id: context.categoryId,
          effective_date: context.effective === null ? null : formatFormDate(context.effective),
          expire_date: context.expire === null ? null : formatFormDate(context.expire),
          comment: `${context.commentPrefix}${context.comment}`,
        },
        siteUtcOffset: context.siteUtcOffset,
      }),
      saveFailed: '#alarmPlaceOnTest.editing.saveFailed',
    }),
    succeeded: {
      tags: ['done'],
      entry: assign({ message: TEST_PLACED }),
      after: { closeDelay: 'closed' },
    },
  },
});
