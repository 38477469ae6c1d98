import { z } from 'zod';
import { createStore } from '../store/createStore';
import { rangeListsSchema } from './rangeListsConfig';

/**
 * Values a deployment sets without rebuilding, served as /config.json (doc 3 "Environment
 * configuration": banner URL, navigation config, external links...). Missing or malformed
 * values fall back to the defaults below.
 */
const runtimeConfigSchema = z.object({
  /** QDT Type switch default: 'Current' (flat list) or 'New' (grouped tree). */
  sidebarDefaultMode: z.enum(['Current', 'New']).catch('New').default('New'),
  /** Where banner images live; the banner name is appended. Empty: the text mark is shown. */
  bannerBaseUrl: z.string().catch('').default(''),
  /** The two external Dealer Resources links (doc 1 §2.2). */
  marketingFormsUrl: z.string().catch('').default(''),
  dealerBillingUrl: z.string().catch('').default(''),
  /** The external form that files a new investigation request (doc 3 §2); shown as a link and a QR code. */
  investigationFormUrl: z.string().catch('').default(''),
  termsOfUseUrl: z.string().catch('').default(''),
  privacyPolicyUrl: z.string().catch('').default(''),
  /** Live Alarm View maps: an XYZ tile URL ({z}/{x}/{y}) drawn under the bundled US base map. Empty: offline base map only. */
  mapTileUrl: z.string().catch('').default(''),
  /** An OSRM-compatible directions service. Empty: a straight line with its distance, labelled as an estimate. */
  directionsUrl: z.string().catch('').default(''),
  /**
   * Place On Test comments (doc 2 §5, §9): the fixed prefix (the user's first name follows) and the
   * maximum that prefix and text share, for the site form and for the variant opened from an alarm.
   */
  testCommentPrefix: z.string().max(100).catch('Placed on test by ').default('Placed on test by '),
  testCommentMax: z.number().int().min(120).max(2000).catch(250).default(250),
  alarmTestCommentPrefix: z
    .string()
    .max(100)
    .catch('Placed on test from alarm by ')
    .default('Placed on test from alarm by '),
  alarmTestCommentMax: z.number().int().min(120).max(2000).catch(194).default(194),
  /** The report range tabs (doc 3 §9 Lists 1-4); the defaults are in rangeListsConfig.ts. */
  rangeLists: rangeListsSchema,
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = runtimeConfigSchema.parse({});

export const runtimeConfig = createStore<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);

export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(json ?? {});
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
