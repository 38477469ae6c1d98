import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { BrowserSubscription, PushMessage } from '../../shared/push/pushApi';
import { checkEndpoint, type PushEndpointRules, type Resolve, type ResolvedAddress } from './pushEndpoint';
import type { VapidKeys } from './vapidKeys';

/** What became of one push: delivered to the push service, refused as gone (404/410), or failed. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(
    to: BrowserSubscription,
    msg: PushMessage,
    opts: { ttlSec: number; urgent: boolean },
  ): Promise<SendOutcome>;
}

/**
 * A lookup that answers only the addresses the endpoint check passed: the connection goes where
 * the check looked, with no second DNS answer in between.
 */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}

function post(
  url: URL,
  addresses: ResolvedAddress[],
  req: { method: string; headers: Record<string, string>; body: Buffer | null },
  signal: AbortSignal,
): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const r = send(
      url,
      {
        method: req.method,
        headers: req.headers,
        lookup: pinnedLookup(addresses),
        // NOTE: a fresh connection per push: a kept-alive socket would skip the pinned lookup.
        agent: false,
        signal,
      },
      (res: IncomingMessage) => {
        // A redirect is not followed (http.request never does): its status is this push's outcome.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body ?? undefined);
  });
}

/**
 * Sends with `web-push` (RFC 8291 aes128gcm, VAPID-signed). Each send checks the endpoint afresh
 * (pushEndpoint.ts: the DNS answer may have changed since the browser subscribed) and connects to
 * the addresses it checked. A push service that answers 404 or 410 says the subscription is gone
 * for good, as does an endpoint the rules refuse outright; anything else failing is worth no retry
 * here (the alarm is on the screens either way). Redirects are not followed.
 */
export function createPushSender(
  /** The pair to sign with, asked before each push (vapidKeys.ts keeps it current). */
  keys: () => Promise<VapidKeys>,
  o: {
    rules: PushEndpointRules;
    resolve: Resolve;
    timeoutMs: number;
    onFailure(err: string): void;
  },
): PushSender {
  return {
    async send(to, msg, opts) {
      const signal = AbortSignal.timeout(o.timeoutMs);
      const checked = await checkEndpoint(to.endpoint, o.rules, o.resolve);
      if (!checked.ok) {
        o.onFailure(`push endpoint refused: ${checked.reason}`);
        return checked.lasting ? 'gone' : 'failed';
      }
      try {
        const { subject, publicKey, privateKey } = await keys();
        // NOTE: web-push loads with the first push, not with the bridge (docs/decisions.md).
        const { default: webpush } = await import('web-push');
        // NOTE: web-push encrypts (aes128gcm) and signs (VAPID); our own request carries it, so
        // the connection goes to the checked addresses (and an http test service works).
        const req = webpush.generateRequestDetails(
          { endpoint: to.endpoint, keys: to.keys },
          JSON.stringify(msg),
          {
            vapidDetails: { subject, publicKey, privateKey },
            TTL: opts.ttlSec,
            urgency: opts.urgent ? 'high' : 'normal',
            contentEncoding: 'aes128gcm',
          },
        );
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const status = await post(
          checked.url,
          checked.addresses,
          { method: req.method, headers, body: req.body },
          signal,
        );
        if (status === 404 || status === 410) return 'gone';
        if (status >= 200 && status < 300) return 'sent';
        o.onFailure(`push service answered ${status}`);
        return 'failed';
      } catch (e) {
        o.onFailure(String(e));
        return 'failed';
      }
    },
  };
}
