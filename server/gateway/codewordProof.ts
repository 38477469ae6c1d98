import type { GatewayMethod } from '../../shared/upstream/envelope';
import type { BridgeSession } from '../session/sessionStore';

/** How long a right codeword entry vouches for the cancel that follows it. */
export const CODEWORD_PROOF_MS = 5 * 60_000;

/** True when the user typed the right codeword recently (POST /api/session/codeword). */
export function hasFreshCodeword(
  session: Pick<BridgeSession, 'codewordVerifiedAt'>,
  now = Date.now(),
): boolean {
  return session.codewordVerifiedAt != null && now - session.codewordVerifiedAt <= CODEWORD_PROOF_MS;
}

/**
 * Gateway methods that carry the user's PIN (docs/product/live-alarms-and-testing.md#calls): the
 * bridge fills it, the browser never has it.
 */
export const PIN_METHODS: ReadonlySet<GatewayMethod> = new Set(['ClearAlarm', 'CallDispatch']);

/**
 * Writes the PIN into ClearAlarm/CallDispatch arguments: positional (constants..., site, system,
 * contact number, event id, incident no, description, PIN, CS no, user name), the PIN being third
 * from the end; or one object argument with a `pin` field.
 */
export function withPin(args: readonly unknown[], pin: string | null): unknown[] {
  const out = [...args];
  const only = out[0];
  if (out.length === 1 && only && typeof only === 'object' && !Array.isArray(only)) {
    const record: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(only))
      if (k.toLowerCase() !== 'pin' && k !== '__proto__') record[k] = v;
    record.pin = pin;
    out[0] = record;
  } else if (out.length >= 9) {
    out[out.length - 3] = pin;
  }
  return out;
}

/** Sets PIN fields of a body (whatever case the browser spelled them in is replaced). */
export function setPinFields(
  body: Record<string, unknown>,
  fields: readonly string[],
  pin: string | null,
): void {
  for (const field of fields) {
    for (const k of Object.keys(body)) if (k.toLowerCase() === field.toLowerCase()) delete body[k];
    body[field] = pin;
  }
}
