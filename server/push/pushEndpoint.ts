import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressKind } from './publicAddress';

/**
 * Which push endpoints the bridge sends to (docs/decisions.md, "Push goes only to push services,
 * once"): https on port 443, to a browser push service named by host name, whose every address
 * is public. Checked when a browser subscribes and again before each send, the send connecting
 * to the very addresses the check passed (pushSender.ts).
 */

/** The browsers' push services: Chrome and Chromium browsers (FCM), Firefox, Edge, Safari. */
export const DEFAULT_PUSH_SERVICE_DOMAINS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

export interface PushEndpointRules {
  /** Push-service domains: a host name exactly, or `*.suffix` for any name under the suffix. */
  domains: readonly string[];
  /**
   * PUSH_ALLOW_HTTP, for a local test push service only: an endpoint may also be on this machine
   * (a host name whose every address is loopback), over http or https, on any port.
   */
  allowLocal: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A DNS lookup: every address of a name (tests hand their own). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type EndpointCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  /** `lasting`: the address itself is refused (not its DNS answer, which may change). */
  | { ok: false; reason: string; lasting: boolean };

const RESOLVE_TIMEOUT_MS = 3000;

const refuse = (reason: string, lasting = true): EndpointCheck => ({ ok: false, reason, lasting });

/** Whether `host` is one of `domains` (`*.suffix` matches names under the suffix, not the suffix). */
export function isPushServiceHost(host: string, domains: readonly string[]): boolean {
  const h = host.toLowerCase();
  return domains.some((d) => {
    const rule = d.toLowerCase();
    return rule.startsWith('*.') ? h.endsWith(rule.slice(1)) && h.length > rule.length - 1 : h === rule;
  });
}

type Shape = { refusal: string } | { refusal?: undefined; url: URL; pushService: boolean; local: boolean };

/** The part of the check that needs no DNS: the URL's scheme, host and port. */
function shapeOf(endpoint: string, rules: PushEndpointRules): Shape {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { refusal: 'The push service address is not a URL.' };
  }
  // NOTE: the URL parser has already turned 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into
  // 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1]: one test covers every spelling.
  const host = url.hostname;
  if (host.startsWith('[') || isIP(host) !== 0)
    return { refusal: 'The push service address must name a host, not an IP address.' };
  if (host.endsWith('.') || host === '' || url.username !== '' || url.password !== '')
    return { refusal: 'The push service address is not a plain host name.' };
  const pushService = url.protocol === 'https:' && url.port === '' && isPushServiceHost(host, rules.domains);
  const local = rules.allowLocal && (url.protocol === 'http:' || url.protocol === 'https:');
  if (!pushService && !local) {
    if (url.protocol !== 'https:' || url.port !== '')
      return { refusal: 'The push service address must be https on port 443.' };
    return { refusal: `${host} is not a browser push service this portal sends to.` };
  }
  return { url, pushService, local };
}

/**
 * Checks an endpoint and resolves its host: answers the addresses to connect to, every one of
 * them public (or, with `allowLocal`, every one loopback), or why it is refused.
 */
export async function checkEndpoint(
  endpoint: string,
  rules: PushEndpointRules,
  resolve: Resolve,
): Promise<EndpointCheck> {
  const shape = shapeOf(endpoint, rules);
  if (shape.refusal !== undefined) return refuse(shape.refusal);
  let addresses: ResolvedAddress[];
  try {
    addresses = await Promise.race([
      resolve(shape.url.hostname),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch {
    return refuse(`${shape.url.hostname} could not be resolved.`, false);
  }
  if (addresses.length === 0) return refuse(`${shape.url.hostname} could not be resolved.`, false);
  const kinds = addresses.map((a) => addressKind(a.address));
  const allPublic = shape.pushService && kinds.every((k) => k === 'public');
  const allLoopback = shape.local && kinds.every((k) => k === 'loopback');
  if (!allPublic && !allLoopback) {
    // With allowLocal, a name that is no push service passes only while it is this machine.
    if (!shape.pushService)
      return refuse(`${shape.url.hostname} is not a browser push service this portal sends to.`, false);
    return refuse(`${shape.url.hostname} resolves to an address that is not public.`, false);
  }
  return { ok: true, url: shape.url, addresses };
}
