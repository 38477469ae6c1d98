import * as z from 'zod/mini';
import { createStore } from '../store/createStore';
import { onFirstUse } from '../../../../shared/onFirstUse';
import { copyRangeLists, rangeListsSchema } from './rangeListsConfig';

/** A value that falls back to `value` when missing or malformed. */
const orElse = <T extends z.core.$ZodType>(schema: T, value: z.core.util.NoUndefined<z.output<T>>) =>
  z._default(z.catch(schema, value), value);
/** A whole number within [min, max]. */
const intWithin = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

/** What a deployment without /config.json (or with a value missing or malformed) gets. */
const DEFAULTS = {
  sidebarDefaultMode: 'New',
  bannerBaseUrl: '',
  marketingFormsUrl: '',
  dealerBillingUrl: '',
  investigationFormUrl: '',
  termsOfUseUrl: '',
  privacyPolicyUrl: '',
  mapTileUrl: '',
  directionsUrl: '',
  testCommentPrefix: 'Placed on test by ',
  testCommentMax: 250,
  alarmTestCommentPrefix: 'Placed on test from alarm by ',
  alarmTestCommentMax: 194,
} as const;

/**
 * Values a deployment sets without rebuilding, served as /config.json
 * (docs/product/reports-and-settings.md "Environment configuration": banner URL, navigation config,
 * external links...). Missing or malformed values fall back to the defaults above. Built when the
 * file answers, not as the first screen's code loads.
 */
const runtimeConfigSchema = onFirstUse(() =>
  z.object({
    /** QDT Type switch default: 'Current' (flat list) or 'New' (grouped tree). */
    sidebarDefaultMode: orElse(z.enum(['Current', 'New']), DEFAULTS.sidebarDefaultMode),
    /** Where banner images live; the banner name is appended. Empty: the text mark is shown. */
    bannerBaseUrl: orElse(z.string(), DEFAULTS.bannerBaseUrl),
    /**
     * The two external Dealer Resources links
     * (docs/product/shell-session-search.md#quick-data-tabs-menu).
     */
    marketingFormsUrl: orElse(z.string(), DEFAULTS.marketingFormsUrl),
    dealerBillingUrl: orElse(z.string(), DEFAULTS.dealerBillingUrl),
    /**
     * The external form that files a new investigation request
     * (docs/product/reports-and-settings.md#screens); shown as a link and a QR code.
     */
    investigationFormUrl: orElse(z.string(), DEFAULTS.investigationFormUrl),
    termsOfUseUrl: orElse(z.string(), DEFAULTS.termsOfUseUrl),
    privacyPolicyUrl: orElse(z.string(), DEFAULTS.privacyPolicyUrl),
    /** Live Alarm View maps: an XYZ tile URL ({z}/{x}/{y}) drawn under the bundled US base map. Empty: offline base map only. */
    mapTileUrl: orElse(z.string(), DEFAULTS.mapTileUrl),
    /** An OSRM-compatible directions service. Empty: a straight line with its distance, labelled as an estimate. */
    directionsUrl: orElse(z.string(), DEFAULTS.directionsUrl),
    /**
     * Place On Test comments (docs/product/live-alarms-and-testing.md#validation, #constants): the
     * fixed prefix (the user's first name follows) and the maximum that prefix and text share, for
     * the site form and for the variant opened from an alarm.
     */
    testCommentPrefix: orElse(z.string().check(z.maxLength(100)), DEFAULTS.testCommentPrefix),
    testCommentMax: orElse(intWithin(120, 2000), DEFAULTS.testCommentMax),
    alarmTestCommentPrefix: orElse(z.string().check(z.maxLength(100)), DEFAULTS.alarmTestCommentPrefix),
    alarmTestCommentMax: orElse(intWithin(120, 2000), DEFAULTS.alarmTestCommentMax),
    /**
     * The report range tabs (docs/product/reports-and-settings.md#constants Lists 1-4); the defaults
     * are in rangeListsConfig.ts.
     */
    rangeLists: rangeListsSchema(),
  }),
);
export type RuntimeConfig = z.infer<ReturnType<typeof runtimeConfigSchema>>;

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = { ...DEFAULTS, rangeLists: copyRangeLists() };

export const runtimeConfig = createStore<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);

export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema().safeParse(json ?? {});
  return parsed.success ? parsed.data : DEFAULT_RUNTIME_CONFIG;
}

/** Loads /config.json once at start; a missing file keeps the defaults. */
export async function loadRuntimeConfig(fetchJson: () => Promise<unknown>): Promise<RuntimeConfig> {
  try {
    const cfg = parseRuntimeConfig(await fetchJson());
    runtimeConfig.setState(cfg);
    return cfg;
  } catch {
    return runtimeConfig.getSnapshot();
  }
}
