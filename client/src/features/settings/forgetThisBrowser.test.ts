import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSessionExpired } from '../../lib/api/sessionExpiry';
import { deviceIdOf } from '../../lib/pwa/serviceWorker';
import { forgetThisBrowser } from './forgetThisBrowser';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';

/** A browser whose service worker holds a push subscription to `ENDPOINT`. */
function subscribedBrowser() {
  const unsubscribe = vi.fn(async () => true);
  const registration = {
    pushManager: { getSubscription: async () => ({ endpoint: ENDPOINT, unsubscribe }) },
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { getRegistration: async () => registration },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', class {});
  return { unsubscribe };
}

afterEach(() => vi.unstubAllGlobals());

describe('a sign-out the user chose', () => {
  it("removes this browser's device and drops its push subscription, without an expiry signal", async () => {
    const { unsubscribe } = subscribedBrowser();
    const calls: Array<[string, string]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push([init?.method ?? 'GET', new URL(String(url), 'http://localhost').pathname]);
        return new Response(JSON.stringify({ error: 'no_session', message: 'x' }), { status: 401 });
      }),
    );
    const heard = vi.fn();
    const off = onSessionExpired(heard);
    await forgetThisBrowser();
    off();
    expect(calls).toEqual([['DELETE', `/api/push/devices/${await deviceIdOf(ENDPOINT)}`]]);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(heard).not.toHaveBeenCalled();
  });

  it('does nothing in a browser that is not subscribed', async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistration: async () => undefined } });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', class {});
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await forgetThisBrowser();
    expect(fetch).not.toHaveBeenCalled();
  });
});
