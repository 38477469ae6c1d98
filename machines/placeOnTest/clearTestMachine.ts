import { assign, setup } from 'xstate';
import { TEST_CLEAR_CONFIRM, TEST_CLEARED, testClearConfirmWithZones, UNABLE_TO_PROCESS } from '../messages';
import { notProvided } from '../notProvided';
import { testSaveSteps } from './testSaveSteps';
import {
  baseRecord,
  type OnTestEntry,
  type OnTestSaveInput,
  type RefreshTestsInput,
  type TestChangeAnswer,
} from './onTest';

/** NOTE: the spec does not cap the clear comment; the project uses the dispatch comment cap. */
export const CLEAR_COMMENT_MAX = 250;

export interface ClearTestInput {
  entry: OnTestEntry;
  user: { contactNumber: string };
  siteUtcOffset?: number | null;
  commentMax?: number;
}

/** Input of `findUnrestoredZones` (GET OnTest/GetUnrestoredZoneSystems). */
export interface UnrestoredZonesInput {
  siteNo: string;
}
/** Output of `findUnrestoredZones`: the site's rows; the machine keeps those of its system. */
export type UnrestoredZoneRow = { system_no: string; zone_id: string };

export interface ClearTestContext {
  entry: OnTestEntry;
  user: { contactNumber: string };
  siteUtcOffset: number | null;
  commentMax: number;
  /** Unrestored zones of this system, as shown in the confirmation. */
  zones: string[];
  comment: string;
  message: string | null;
  error: string | null;
}

export type ClearTestEvent =
  | { type: 'clear.yes' }
  | { type: 'clear.no' }
  | { type: 'clear.comment'; text: string }
  | { type: 'clear.save' }
  | { type: 'clear.cancel' }
  | { type: 'clear.retry' }
  | { type: 'clear.close' };

export type ClearTestTag = 'busy' | 'dialog' | 'done' | 'error';

/** The unrestored zones of one system, each once, in the order the upstream lists them. */
export function unrestoredZonesOf(rows: UnrestoredZoneRow[], systemNo: string): string[] {
  return [
    ...new Set(rows.filter((r) => String(r.system_no) === String(systemNo)).map((r) => String(r.zone_id))),
  ];
}

/**
 * The clear confirmation of docs/product/live-alarms-and-testing.md#messages, with or without
 * unrestored zones.
 */
export const clearConfirmation = (zones: string[]): string =>
  zones.length > 0 ? testClearConfirmWithZones(zones.join(', ')) : TEST_CLEAR_CONFIRM;

/**
 * Clear On Test from the Alarm Testing grid (docs/product/live-alarms-and-testing.md#states): check
 * for unrestored zones, confirm, take a comment (Save or Cancel), save with process flag off
 * (removeontest), reload the list.
 */
export const clearTestMachine = setup({
  types: {
    input: {} as ClearTestInput,
    context: {} as ClearTestContext,
    events: {} as ClearTestEvent,
    tags: {} as ClearTestTag,
  },
  actors: {
    findUnrestoredZones: notProvided<UnrestoredZoneRow[], UnrestoredZonesInput>('findUnrestoredZones'),
    removeOnTest: notProvided<TestChangeAnswer, OnTestSaveInput>('removeOnTest'),
    refreshTests: notProvided<void, RefreshTestsInput>('refreshTests'),
  },
  actions: {
    showError: assign((_, params: { error: string | null }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'clearTest',
  context: ({ input }) => ({
    entry: input.entry,
    user: input.user,
    siteUtcOffset: input.siteUtcOffset ?? null,
    commentMax: input.commentMax ?? CLEAR_COMMENT_MAX,
    zones: [],
    comment: '',
    message: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'findUnrestoredZones',
        src: 'findUnrestoredZones',
        input: ({ context }) => ({ siteNo: context.entry.site_no }),
        onDone: {
          target: 'confirming',
          actions: assign(({ context, event }) => {
            const zones = unrestoredZonesOf(event.output, context.entry.system_no);
            return { zones, message: clearConfirmation(zones) };
          }),
        },
        onError: { target: 'checkFailed', actions: assign({ error: UNABLE_TO_PROCESS }) },
      },
    },
    // NOTE: the user is not asked to confirm without knowing about unrestored zones.
    checkFailed: {
      tags: ['error'],
      on: { 'clear.retry': 'checking', 'clear.close': 'cancelled' },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'clear.yes': { target: 'commenting', actions: assign({ message: null }) },
        'clear.no': 'cancelled',
        'clear.close': 'cancelled',
      },
    },
    commenting: {
      tags: ['dialog'],
      initial: 'ready',
      on: {
        'clear.comment': {
          target: '.ready',
          actions: assign({ comment: ({ context, event }) => event.text.slice(0, context.commentMax) }),
        },
        'clear.save': 'saving',
        'clear.cancel': 'cancelled',
        'clear.close': 'cancelled',
      },
      states: {
        ready: { entry: assign({ error: null }) },
        /** The save was refused or not answered; Save tries again. */
        saveFailed: { tags: ['error'] },
      },
    },
    ...testSaveSteps({
      actor: 'removeOnTest',
      retryState: 'commenting.saveFailed',
      record: (context: ClearTestContext) => ({
        record: {
          ...baseRecord(context.entry.site_no, context.entry.system_no, context.user.contactNumber),
          process_flag: 'off' as const,
          test_seqno: context.entry.seqno,
          comment: context.comment,
        },
        siteUtcOffset: context.siteUtcOffset,
      }),
    }),
    succeeded: {
      tags: ['done'],
      entry: assign({ message: TEST_CLEARED }),
      on: { 'clear.close': 'closed' },
    },
    cancelled: { type: 'final', entry: assign({ message: null, error: null }) },
    closed: { type: 'final' },
  },
});
