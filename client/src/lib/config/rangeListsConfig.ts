import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';

/**
 * The time-range lists of the report tabs (docs/product/reports-and-settings.md#time-range-lists,
 * environment configuration): the `rangeLists` key of /config.json, the spec's lists as defaults. A
 * tab's `key` is what the report call sends (a range key such as `last30`, or an id such as `3`).
 * Which report uses which list is in reporting/rangeLists.ts.
 */
export interface RangeOption {
  key: string;
  label: string;
}

export const RANGE_LIST_IDS = ['list1', 'list2', 'list3', 'list4'] as const;
export type RangeListId = (typeof RANGE_LIST_IDS)[number];
export type RangeLists = Record<RangeListId, readonly RangeOption[]>;

const LAST_30_TO_12_MONTHS: RangeOption[] = [
  { key: 'last30', label: 'Last 30 Days' },
  { key: 'last60', label: 'Last 60 Days' },
  { key: 'last90', label: 'Last 90 Days' },
  { key: 'last180', label: 'Last 180 Days' },
  { key: 'last12mo', label: 'Last 12 Months' },
];

export const DEFAULT_RANGE_LISTS: RangeLists = {
  list1: [{ key: '1week', label: 'One Week' }, ...LAST_30_TO_12_MONTHS],
  list2: [
    { key: '3', label: 'Last 30 Days' },
    { key: '4', label: 'Last 60 Days' },
    { key: '5', label: 'Last 90 Days' },
  ],
  list3: [
    { key: '1', label: 'Last 24 hours' },
    { key: '3', label: 'Last 30 Days' },
  ],
  list4: LAST_30_TO_12_MONTHS,
};

/**
 * The `rangeLists` key of /config.json: each list optional; a malformed list keeps its default.
 * Built with the runtime configuration's schema, when /config.json answers.
 */
export const rangeListsSchema = onFirstUse(() => {
  const optionSchema = z.object({
    key: z.pipe(
      z.union([z.string().check(z.minLength(1)), z.number()]),
      z.transform((v: string | number) => String(v)),
    ),
    label: z.string().check(z.minLength(1)),
  });
  const listSchema = (fallback: readonly RangeOption[]) =>
    z._default(z.catch(z.array(optionSchema).check(z.minLength(1)), [...fallback]), [...fallback]);
  return z._default(
    z.catch(
      z.object({
        list1: listSchema(DEFAULT_RANGE_LISTS.list1),
        list2: listSchema(DEFAULT_RANGE_LISTS.list2),
        list3: listSchema(DEFAULT_RANGE_LISTS.list3),
        list4: listSchema(DEFAULT_RANGE_LISTS.list4),
      }),
      () => copyRangeLists(),
    ),
    () => copyRangeLists(),
  );
});

/** The default lists, each a copy of its own. */
export function copyRangeLists() {
  return {
    list1: [...DEFAULT_RANGE_LISTS.list1],
    list2: [...DEFAULT_RANGE_LISTS.list2],
    list3: [...DEFAULT_RANGE_LISTS.list3],
    list4: [...DEFAULT_RANGE_LISTS.list4],
  };
}
