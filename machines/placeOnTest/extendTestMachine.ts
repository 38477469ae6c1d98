import { assign, setup } from 'xstate';
import { TEST_EXTENDED, TEST_SELECT_MINUTES } from '../messages';
import { notProvided } from '../notProvided';
import { testSaveSteps } from './testSaveSteps';
import {
  baseRecord,
  type OnTestEntry,
  type OnTestSaveInput,
  type RefreshTestsInput,
  type TestChangeAnswer,
} from './onTest';

/**
 * The extend choices of docs/product/live-alarms-and-testing.md#screens, #constants; 1 hour is the
 * default.
 */
export const EXTEND_OPTIONS = [1, 4, 8, 'custom'] as const;
export type ExtendOption = (typeof EXTEND_OPTIONS)[number];
export const DEFAULT_EXTEND_OPTION: ExtendOption = 1;

export interface ExtendTestInput {
  entry: OnTestEntry;
  user: { contactNumber: string };
  siteUtcOffset?: number | null;
}

export interface ExtendTestContext {
  entry: OnTestEntry;
  user: { contactNumber: string };
  siteUtcOffset: number | null;
  option: ExtendOption;
  /** The time picker of Custom. */
  customHours: number;
  customMinutes: number;
  message: string | null;
  error: string | null;
}

export type ExtendTestEvent =
  | { type: 'extend.option'; option: ExtendOption }
  | { type: 'extend.custom'; hours: number; minutes: number }
  | { type: 'extend.save' }
  | { type: 'extend.close' };

export type ExtendTestTag = 'busy' | 'dialog' | 'done' | 'error';

/** The hours and minutes a save sends (extend_hh, extend_mm). */
export function extendBy(context: Pick<ExtendTestContext, 'option' | 'customHours' | 'customMinutes'>): {
  hours: number;
  minutes: number;
} {
  return context.option === 'custom'
    ? { hours: context.customHours, minutes: context.customMinutes }
    : { hours: context.option, minutes: 0 };
}

const whole = (n: number, max: number): number =>
  Number.isFinite(n) ? Math.min(max, Math.max(0, Math.trunc(n))) : 0;

/**
 * Extend On Test from the Alarm Testing grid (docs/product/live-alarms-and-testing.md#states): 1, 4
 * or 8 hours or a custom time, saved with process flag extend, then the list reloads.
 */
export const extendTestMachine = setup({
  types: {
    input: {} as ExtendTestInput,
    context: {} as ExtendTestContext,
    events: {} as ExtendTestEvent,
    tags: {} as ExtendTestTag,
  },
  actors: {
    extendOnTest: notProvided<TestChangeAnswer, OnTestSaveInput>('extendOnTest'),
    refreshTests: notProvided<void, RefreshTestsInput>('refreshTests'),
  },
  actions: {
    showError: assign((_, params: { error: string | null }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'extendTest',
  context: ({ input }) => ({
    entry: input.entry,
    user: input.user,
    siteUtcOffset: input.siteUtcOffset ?? null,
    option: DEFAULT_EXTEND_OPTION,
    customHours: 0,
    customMinutes: 0,
    message: null,
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['dialog'],
      initial: 'ready',
      on: {
        'extend.option': { target: '.ready', actions: assign({ option: ({ event }) => event.option }) },
        'extend.custom': {
          // The time picker is enabled only for Custom.
          guard: ({ context }) => context.option === 'custom',
          target: '.ready',
          actions: assign({
            customHours: ({ event }) => whole(event.hours, 999),
            customMinutes: ({ event }) => whole(event.minutes, 59),
          }),
        },
        'extend.save': [
          {
            guard: ({ context }) => {
              const { hours, minutes } = extendBy(context);
              return hours === 0 && minutes === 0;
            },
            target: '.invalid',
            actions: assign({ error: TEST_SELECT_MINUTES }),
          },
          { target: 'saving' },
        ],
        'extend.close': 'cancelled',
      },
      states: {
        ready: { entry: assign({ error: null }) },
        invalid: { tags: ['error'] },
        saveFailed: { tags: ['error'] },
      },
    },
    ...testSaveSteps({
      actor: 'extendOnTest',
      retryState: 'choosing.saveFailed',
      record: (context: ExtendTestContext) => {
        const { hours, minutes } = extendBy(context);
        return {
          record: {
            ...baseRecord(context.entry.site_no, context.entry.system_no, context.user.contactNumber),
            process_flag: 'extend' as const,
            test_seqno: context.entry.seqno,
            extend_hh: hours,
            extend_mm: minutes,
          },
          siteUtcOffset: context.siteUtcOffset,
        };
      },
    }),
    succeeded: {
      tags: ['done'],
      entry: assign({ message: TEST_EXTENDED }),
      on: { 'extend.close': 'closed' },
    },
    cancelled: { type: 'final', entry: assign({ error: null }) },
    closed: { type: 'final' },
  },
});
