import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SecretText } from '../support/secretText';

/** One upstream identity of the bridge: whom it signs in as. */
export interface IdentityEntry {
  /** How logs, metrics and /healthz/identity name it: "default" or "agency 21002". Never the password. */
  label: string;
  username: string;
  password: SecretText;
}

/**
 * The bridge's upstream identities: one for every agency (`fallback`), and/or one per agency
 * (`byAgency`, which wins for its agency). Neither: feeds poll with their watchers' sessions only.
 */
export interface BridgeIdentities {
  fallback: IdentityEntry | null;
  byAgency: ReadonlyMap<string, IdentityEntry>;
}

export const NO_IDENTITIES: BridgeIdentities = { fallback: null, byAgency: new Map() };

const credentialsSchema = z.strictObject({
  username: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(256),
});

/**
 * BRIDGE_IDENTITY_FILE: `{ "default"?: { username, password }, "agencies"?: { "<agencyId>": { username, password } } }`.
 * NOTE: zod messages name the field, never its value, so a refused file does not print a password.
 */
export const identityFileSchema = z
  .strictObject({
    default: credentialsSchema.optional(),
    agencies: z.record(z.string().regex(/^\w{1,32}$/, 'an agency id'), credentialsSchema).optional(),
  })
  .refine((f) => f.default || Object.keys(f.agencies ?? {}).length > 0, {
    message: 'names no identity: give "default" or "agencies"',
  });

const entry = (label: string, c: { username: string; password: string }): IdentityEntry => ({
  label,
  username: c.username,
  password: new SecretText(c.password),
});

/**
 * The identities from the environment (BRIDGE_UPSTREAM_USER / BRIDGE_UPSTREAM_PASSWORD: one for
 * every agency) and the secrets file. Throws with the field at fault, never with a secret.
 */
export function readIdentities(env: {
  BRIDGE_UPSTREAM_USER?: string;
  BRIDGE_UPSTREAM_PASSWORD?: SecretText;
  BRIDGE_IDENTITY_FILE?: string;
}): BridgeIdentities {
  const fromEnv =
    env.BRIDGE_UPSTREAM_USER && env.BRIDGE_UPSTREAM_PASSWORD
      ? { label: 'default', username: env.BRIDGE_UPSTREAM_USER, password: env.BRIDGE_UPSTREAM_PASSWORD }
      : null;
  if (!env.BRIDGE_IDENTITY_FILE) return { fallback: fromEnv, byAgency: new Map() };
  let text: string;
  try {
    text = readFileSync(env.BRIDGE_IDENTITY_FILE, 'utf8');
  } catch (e) {
    throw new Error(`BRIDGE_IDENTITY_FILE: cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('BRIDGE_IDENTITY_FILE: not JSON');
  }
  const file = identityFileSchema.safeParse(json);
  if (!file.success)
    throw new Error(
      `BRIDGE_IDENTITY_FILE: ${file.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`,
    );
  if (fromEnv && file.data.default)
    throw new Error(
      'BRIDGE_IDENTITY_FILE: "default" and BRIDGE_UPSTREAM_USER both name the identity for every agency; keep one',
    );
  const byAgency = new Map(
    Object.entries(file.data.agencies ?? {}).map(([id, c]) => [id, entry(`agency ${id}`, c)] as const),
  );
  return { fallback: fromEnv ?? (file.data.default ? entry('default', file.data.default) : null), byAgency };
}

/** The identity that reads an agency's feeds, if the operator gave one. */
export function identityFor(ids: BridgeIdentities, agencyId: string): IdentityEntry | null {
  return ids.byAgency.get(agencyId) ?? ids.fallback;
}
