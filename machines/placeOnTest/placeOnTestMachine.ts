import { assign, setup } from 'xstate';
import { DEFAULT_SITE_UTC_OFFSET } from '../alarmIncident';
import { TEST_PLACED, UNABLE_TO_PROCESS } from '../messages';
import { notProvided } from '../notProvided';
import {
  defaultTestDuration,
  expireAfterEffectiveMove,
  siteNow,
  toMinute,
} from '../../shared/onTest/siteDates';
import { type OnTestSaveInput, type SaveOnTestAnswer, type TestCategory, type TestLimits } from './onTest';
import {
  siteTestRecord,
  toggle,
  validateSiteTest,
  zonesListed,
  type ChoiceList,
  type SignalFormatType,
  type SiteTestForm,
  type SiteTestLookups,
  type TestTarget,
} from './siteTestForm';
import { testCommentPrefix } from './testDates';
import { commentRemaining, commentWithinCap, placeOnTestSteps, testFormStates } from './placeOnTestSteps';

/**
 * Wait after a successful save before the screen goes to /systemontest
 * (docs/product/live-alarms-and-testing.md#states, #constants).
 */
export const LEAVE_DELAY_MS = 1500;
/** NOTE: the spec does not show the general prefix or the shared maximum; these are the project's defaults. */
export const SITE_TEST_COMMENT_PREFIX = 'Placed on test by ';
export const SITE_TEST_COMMENT_MAX = 250;

export interface PlaceOnTestInput {
  site: { site_no: string };
  user: { contactNumber: string; firstName: string | null };
  /** Milliseconds since the epoch, UTC; tests hand in a fixed clock. */
  clock: () => number;
  /** The profile's testCategoryDetails (MaxHours, MaxOnTestDays). */
  limits?: TestLimits | null;
  /**
   * The comment's fixed prefix and the shared maximum, from configuration
   * (docs/product/live-alarms-and-testing.md#validation).
   */
  comment?: { prefix?: string; max?: number; initial?: string };
  /** A system chosen in the header bar: it alone is selected once the site loads. */
  systemNo?: string | null;
}

/** Input of `loadSiteTest`: every lookup and the site's systems, zones and offset. */
export interface SiteTestInput {
  siteNo: string;
}
/** Input of `loadSignalTypes` (GET OnTest/GetSignalFormatTypes). Output: `SignalFormatType[]`. */
export interface SignalTypesInput {
  sigformId: string;
}

export interface PlaceOnTestContext extends SiteTestForm {
  siteNo: string;
  user: PlaceOnTestInput['user'];
  clock: () => number;
  limits: TestLimits | null;
  wantedSystem: string | null;
  lookups: SiteTestLookups | null;
  siteUtcOffset: number;
  /** The chosen signal format's types; null until they load. */
  signalTypeOptions: SignalFormatType[] | null;
  commentPrefix: string;
  /** The shared maximum; the user may type it minus the prefix. */
  commentMax: number;
  error: string | null;
  /** A failed load of the signal types (the form stays usable). */
  typesError: string | null;
  message: string | null;
}

export type PlaceOnTestEvent =
  | { type: 'test.category'; testcatId: string }
  | { type: 'test.effective'; at: number | null }
  | { type: 'test.expire'; at: number | null }
  | { type: 'test.target'; target: TestTarget }
  | { type: 'test.system.toggle'; systemNo: string }
  | { type: 'test.system.all'; on: boolean }
  | { type: 'test.zoneSystem'; systemNo: string }
  | { type: 'test.zone.toggle'; zoneId: string }
  | { type: 'test.zone.all'; on: boolean }
  | { type: 'test.zone.sta'; on: boolean }
  | { type: 'test.serviceType.toggle'; id: string }
  | { type: 'test.serviceType.except'; on: boolean }
  | { type: 'test.signalFormat'; sigformId: string | null }
  | { type: 'test.signalTypes.retry' }
  | { type: 'test.signalType.toggle'; id: string }
  | { type: 'test.signalType.except'; on: boolean }
  | { type: 'test.zoneState.toggle'; id: string }
  | { type: 'test.comment'; text: string }
  | { type: 'test.save' }
  | { type: 'test.retry' }
  | { type: 'test.close' };

export type PlaceOnTestTag = 'busy' | 'form' | 'loadingTypes' | 'done' | 'error';

/** Characters the user may still type after the prefix. */
export const siteCommentRemaining: (
  c: Pick<PlaceOnTestContext, 'commentMax' | 'commentPrefix' | 'comment'>,
) => number = commentRemaining;

const siteNowOf = (c: PlaceOnTestContext): number => siteNow(c.clock(), c.siteUtcOffset);
const categoryOf = (c: PlaceOnTestContext, id: string | null): TestCategory | undefined =>
  c.lookups?.categories.find((x) => x.testcat_id === id);
const ids = <T>(list: readonly T[] | undefined, key: (t: T) => string): string[] => (list ?? []).map(key);

const formError = (c: PlaceOnTestContext): string | null =>
  validateSiteTest(c, {
    now: siteNowOf(c),
    limits: c.limits,
    // Types not loaded yet count as types to choose.
    signalTypeOptions: c.signalTypeOptions === null ? 1 : c.signalTypeOptions.length,
  });

const knownFormat = (c: PlaceOnTestContext, id: string | null): boolean =>
  id === null || (c.lookups?.signalFormats.some((f) => f.sigform_id === id) ?? false);

const noChoice: ChoiceList = { selected: [], except: false };

/** The service types a category names (servtype_list, servtype_only_except), preselected with it. */
function categoryServiceTypes(category: TestCategory | undefined, known: string[]): ChoiceList | null {
  const raw = (category as { servtype_list?: unknown } | undefined)?.servtype_list;
  const listed = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : [];
  const selected = known.filter((k) => listed.includes(k));
  if (selected.length === 0) return null;
  const mode = (category as { servtype_only_except?: unknown } | undefined)?.servtype_only_except;
  return { selected, except: mode === 'E' };
}

/**
 * Place On Test for a site (docs/product/live-alarms-and-testing.md#place-on-test-screen,
 * docs/product/live-alarms-and-testing.md#entities, docs/product/live-alarms-and-testing.md#states,
 * docs/product/live-alarms-and-testing.md#validation): test category, dates in the site's local
 * time, whole systems or chosen zones, service types and signal formats with their types and
 * Only/Except, zone states and a prefixed comment. A save that succeeds shows the success text and,
 * after 1.5 s, the machine ends in `left` (the screen goes to /systemontest).
 */
export const placeOnTestMachine = setup({
  types: {
    input: {} as PlaceOnTestInput,
    context: {} as PlaceOnTestContext,
    events: {} as PlaceOnTestEvent,
    tags: {} as PlaceOnTestTag,
  },
  actors: {
    loadSiteTest: notProvided<SiteTestLookups, SiteTestInput>('loadSiteTest'),
    loadSignalTypes: notProvided<SignalFormatType[], SignalTypesInput>('loadSignalTypes'),
    saveOnTest: notProvided<SaveOnTestAnswer, OnTestSaveInput>('saveOnTest'),
  },
  actions: {
    showError: assign((_, params: { error: string | null }) => ({ error: params.error })),
  },
  delays: { leaveDelay: LEAVE_DELAY_MS },
}).createMachine({
  id: 'placeOnTest',
  context: ({ input }) => {
    const commentPrefix = testCommentPrefix(
      input.user.firstName,
      input.comment?.prefix ?? SITE_TEST_COMMENT_PREFIX,
    );
    const commentMax = input.comment?.max ?? SITE_TEST_COMMENT_MAX;
    return {
      siteNo: input.site.site_no,
      user: input.user,
      clock: input.clock,
      limits: input.limits ?? null,
      wantedSystem: input.systemNo ?? null,
      lookups: null,
      siteUtcOffset: DEFAULT_SITE_UTC_OFFSET,
      signalTypeOptions: null,
      commentPrefix,
      commentMax,
      categoryId: null,
      effective: null,
      expire: null,
      effectiveEdited: false,
      target: 'systems',
      systems: [],
      zoneSystem: null,
      staZones: false,
      zones: [],
      serviceTypes: noChoice,
      signalFormat: null,
      signalTypes: noChoice,
      zoneStates: [],
      // A link may start the comment (a live anomaly's "Runaway: 25 signals"), within the cap.
      comment: commentWithinCap({ commentPrefix, commentMax }, input.comment?.initial ?? ''),
      error: null,
      typesError: null,
      message: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSiteTest',
        src: 'loadSiteTest',
        input: ({ context }) => ({ siteNo: context.siteNo }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const lookups = event.output;
            const siteUtcOffset = lookups.siteUtcOffset ?? DEFAULT_SITE_UTC_OFFSET;
            const systems = ids(lookups.systems, (s) => s.system_no);
            const wanted = systems.find((s) => s === context.wantedSystem);
            // A single system is selected by itself
            // (docs/product/live-alarms-and-testing.md#states); so is one chosen in the header bar.
            const chosen = wanted ? [wanted] : systems.length === 1 ? systems : [];
            const effective = toMinute(siteNow(context.clock(), siteUtcOffset));
            return {
              lookups,
              siteUtcOffset,
              effective,
              systems: chosen,
              zoneSystem: chosen[0] ?? systems[0] ?? null,
            };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: UNABLE_TO_PROCESS }) },
      },
    },
    editing: {
      type: 'parallel',
      tags: ['form'],
      on: {
        // A failing rule is caught by the form region (it preempts this transition).
        'test.save': 'saving',
        'test.close': 'closed',
      },
      states: {
        form: {
          initial: 'ready',
          on: {
            'test.save': {
              guard: ({ context }) => formError(context) !== null,
              target: '.invalid',
              actions: assign({ error: ({ context }) => formError(context) }),
            },
            'test.category': {
              guard: ({ context, event }) => categoryOf(context, event.testcatId) !== undefined,
              target: '.ready',
              actions: assign(({ context, event }) => {
                const category = categoryOf(context, event.testcatId);
                const effective = context.effective ?? toMinute(siteNowOf(context));
                const preset = categoryServiceTypes(
                  category,
                  ids(context.lookups?.serviceTypes, (s) => s.servtype_id),
                );
                return {
                  categoryId: event.testcatId,
                  effective,
                  // The expire date follows the category's default length
                  // (docs/product/live-alarms-and-testing.md#states).
                  expire: effective + defaultTestDuration(category!),
                  serviceTypes: preset ?? context.serviceTypes,
                };
              }),
            },
            'test.effective': {
              target: '.ready',
              actions: assign(({ context, event }) => {
                if (event.at === null) return { effective: null, effectiveEdited: true };
                const category = categoryOf(context, context.categoryId);
                const duration = category
                  ? defaultTestDuration(category)
                  : defaultTestDuration({ default_hours: 0, default_minutes: 0 });
                return {
                  effective: toMinute(event.at),
                  effectiveEdited: true,
                  expire: expireAfterEffectiveMove(toMinute(event.at), context.expire, duration),
                };
              }),
            },
            'test.expire': {
              target: '.ready',
              actions: assign({ expire: ({ event }) => (event.at === null ? null : toMinute(event.at)) }),
            },
            'test.target': {
              target: '.ready',
              actions: assign(({ context, event }) => ({
                target: event.target,
                zoneSystem:
                  context.zoneSystem ?? context.systems[0] ?? context.lookups?.systems[0]?.system_no ?? null,
              })),
            },
            'test.system.toggle': {
              guard: ({ context, event }) =>
                context.lookups?.systems.some((s) => s.system_no === event.systemNo) ?? false,
              target: '.ready',
              actions: assign({
                systems: ({ context, event }) =>
                  toggle(
                    context.systems,
                    event.systemNo,
                    ids(context.lookups?.systems, (s) => s.system_no),
                  ),
              }),
            },
            'test.system.all': {
              target: '.ready',
              actions: assign({
                systems: ({ context, event }) =>
                  event.on ? ids(context.lookups?.systems, (s) => s.system_no) : [],
              }),
            },
            'test.zoneSystem': {
              guard: ({ context, event }) =>
                context.zoneSystem !== event.systemNo &&
                (context.lookups?.systems.some((s) => s.system_no === event.systemNo) ?? false),
              target: '.ready',
              actions: assign({ zoneSystem: ({ event }) => event.systemNo, zones: [] }),
            },
            'test.zone.toggle': {
              guard: ({ context, event }) =>
                zonesListed(context.lookups?.zones ?? [], context.zoneSystem, context.staZones).some(
                  (z) => z.zone_id === event.zoneId,
                ),
              target: '.ready',
              actions: assign({
                zones: ({ context, event }) =>
                  toggle(
                    context.zones,
                    event.zoneId,
                    zonesListed(context.lookups?.zones ?? [], context.zoneSystem, context.staZones).map(
                      (z) => z.zone_id,
                    ),
                  ),
              }),
            },
            'test.zone.all': {
              target: '.ready',
              actions: assign({
                zones: ({ context, event }) =>
                  event.on
                    ? zonesListed(context.lookups?.zones ?? [], context.zoneSystem, context.staZones).map(
                        (z) => z.zone_id,
                      )
                    : [],
              }),
            },
            // Switching between the normal and the STA zone list resets the selection
            // (docs/product/live-alarms-and-testing.md#states).
            'test.zone.sta': {
              guard: ({ context, event }) => context.staZones !== event.on,
              target: '.ready',
              actions: assign({ staZones: ({ event }) => event.on, zones: [] }),
            },
            'test.serviceType.toggle': {
              guard: ({ context, event }) =>
                context.lookups?.serviceTypes.some((s) => s.servtype_id === event.id) ?? false,
              target: '.ready',
              actions: assign({
                serviceTypes: ({ context, event }) => ({
                  ...context.serviceTypes,
                  selected: toggle(
                    context.serviceTypes.selected,
                    event.id,
                    ids(context.lookups?.serviceTypes, (s) => s.servtype_id),
                  ),
                }),
              }),
            },
            'test.serviceType.except': {
              target: '.ready',
              actions: assign({
                serviceTypes: ({ context, event }) => ({ ...context.serviceTypes, except: event.on }),
              }),
            },
            'test.signalType.toggle': {
              guard: ({ context, event }) =>
                context.signalTypeOptions?.some((t) => t.sigtype_id === event.id) ?? false,
              target: '.ready',
              actions: assign({
                signalTypes: ({ context, event }) => ({
                  ...context.signalTypes,
                  selected: toggle(
                    context.signalTypes.selected,
                    event.id,
                    ids(context.signalTypeOptions ?? [], (t) => t.sigtype_id),
                  ),
                }),
              }),
            },
            'test.signalType.except': {
              target: '.ready',
              actions: assign({
                signalTypes: ({ context, event }) => ({ ...context.signalTypes, except: event.on }),
              }),
            },
            'test.zoneState.toggle': {
              guard: ({ context, event }) =>
                context.lookups?.zoneStates.some((z) => z.zonestate_id === event.id) ?? false,
              target: '.ready',
              actions: assign({
                zoneStates: ({ context, event }) =>
                  toggle(
                    context.zoneStates,
                    event.id,
                    ids(context.lookups?.zoneStates, (z) => z.zonestate_id),
                  ),
              }),
            },
            'test.comment': {
              target: '.ready',
              actions: assign({ comment: ({ context, event }) => commentWithinCap(context, event.text) }),
            },
            // Choosing a signal format loads its types and clears the chosen ones
            // (docs/product/live-alarms-and-testing.md#states); the signalTypes region starts the
            // load on the same event.
            'test.signalFormat': {
              guard: ({ context, event }) => knownFormat(context, event.sigformId),
              target: '.ready',
              actions: assign({
                signalFormat: ({ event }) => event.sigformId,
                signalTypes: noChoice,
                signalTypeOptions: null,
                typesError: null,
              }),
            },
          },
          states: testFormStates,
        },
        signalTypes: {
          initial: 'idle',
          on: {
            'test.signalFormat': [
              {
                guard: ({ context, event }) =>
                  event.sigformId !== null && knownFormat(context, event.sigformId),
                // Not `reenter`: that would make the whole form its domain and clash with the
                // form region's transition on the same event. A child target restarts the load.
                target: '.loading',
              },
              { guard: ({ context, event }) => knownFormat(context, event.sigformId), target: '.idle' },
            ],
          },
          states: {
            idle: {},
            loading: {
              tags: ['loadingTypes'],
              invoke: {
                id: 'loadSignalTypes',
                src: 'loadSignalTypes',
                input: ({ context }) => ({ sigformId: context.signalFormat ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: assign({ signalTypeOptions: ({ event }) => event.output }),
                },
                onError: { target: 'failed', actions: assign({ typesError: UNABLE_TO_PROCESS }) },
              },
            },
            failed: {
              on: { 'test.signalTypes.retry': { target: 'loading', actions: assign({ typesError: null }) } },
            },
          },
        },
      },
    },
    ...placeOnTestSteps({
      record: (context: PlaceOnTestContext) => ({
        record: siteTestRecord(context, {
          siteNo: context.siteNo,
          changeUser: context.user.contactNumber,
          lookups: context.lookups ?? { serviceTypes: [], systems: [], zones: [] },
          signalTypeOptions: ids(context.signalTypeOptions ?? [], (t) => t.sigtype_id),
          commentPrefix: context.commentPrefix,
        }),
        siteUtcOffset: context.siteUtcOffset,
      }),
      saveFailed: '#placeOnTest.editing.form.saveFailed',
    }),
    succeeded: {
      tags: ['done'],
      entry: assign({ message: TEST_PLACED }),
      after: { leaveDelay: 'left' },
    },
    /** The screen goes to /systemontest. */
    left: { type: 'final' },
  },
});
