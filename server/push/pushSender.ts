import type { BrowserSubscription, PushMessage } from '../../shared/push/pushApi';
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

/** Whether the bridge may send to this endpoint: https, or http when PUSH_ALLOW_HTTP (a local test service). */
export function endpointAllowed(endpoint: string, allowHttp: boolean): boolean {
  try {
    const u = new URL(endpoint);
    return u.protocol === 'https:' || (allowHttp && u.protocol === 'http:');
  } catch {
    return false;
  }
}

/**
 * Sends with `web-push` (RFC 8291 aes128gcm, VAPID-signed). A push service that answers 404 or
 * 410 says the subscription is gone for good; anything else failing is worth no retry here (the
 * alarm is on the screens either way). Redirects are refused: the endpoint is the browser's word.
 */
export function createPushSender(
  keys: Promise<VapidKeys>,
  o: { allowHttp: boolean; timeoutMs: number; onFailure(err: string): void },
): PushSender {
  return {
    async send(to, msg, opts) {
      if (!endpointAllowed(to.endpoint, o.allowHttp)) return 'gone';
      try {
        const { subject, publicKey, privateKey } = await keys;
        const vapidDetails = { subject, publicKey, privateKey };
        // NOTE: web-push loads with the first push, not with the bridge (docs/decisions.md).
        const { default: webpush } = await import('web-push');
        // NOTE: web-push encrypts (aes128gcm) and signs (VAPID); fetch carries it, so the
        // transport is the one every other outbound call uses (and an http test service works).
        const req = webpush.generateRequestDetails(
          { endpoint: to.endpoint, keys: to.keys },
          JSON.stringify(msg),
          {
            vapidDetails,
            TTL: opts.ttlSec,
            urgency: opts.urgent ? 'high' : 'normal',
            contentEncoding: 'aes128gcm',
          },
        );
        const res = await fetch(req.endpoint, {
          method: req.method,
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          body: req.body ? new Uint8Array(req.body) : undefined,
          redirect: 'error',
          signal: AbortSignal.timeout(o.timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) return 'gone';
        if (res.ok) return 'sent';
        o.onFailure(`push service answered ${res.status}`);
        return 'failed';
      } catch (e) {
        o.onFailure(String(e));
        return 'failed';
      }
    },
  };
}
