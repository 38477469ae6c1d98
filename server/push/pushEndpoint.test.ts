import { describe, expect, it } from 'vitest';
import { addressKind } from './publicAddress';
import { checkEndpoint, DEFAULT_PUSH_SERVICE_DOMAINS, isPushServiceHost, type Resolve } from './pushEndpoint';

/** A resolver the test controls: every name answers what the table says, nothing is looked up. */
function resolverOf(table: Record<string, string[]>): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    return (table[host] ?? []).map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(resolve, { asked });
}

const STRICT = { domains: DEFAULT_PUSH_SERVICE_DOMAINS, allowLocal: false };
// 2001:4860::/32 and 142.250.0.0/15 are public ranges; nothing here connects to them.
const PUBLIC = { 'fcm.googleapis.com': ['142.250.0.10', '2001:4860:4860::8888'] };

describe('which push endpoints the bridge accepts', () => {
  it.each([
    ['dotted', 'https://127.0.0.1/push'],
    ['decimal', 'https://2130706433/push'],
    ['hex', 'https://0x7f000001/push'],
    ['octal', 'https://0177.0.0.1/push'],
    ['short', 'https://127.1/push'],
    ['metadata', 'https://169.254.169.254/latest'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/push'],
    ['NAT64', 'https://[64:ff9b::7f00:1]/push'],
    ['dotted with a trailing dot', 'https://127.0.0.1./push'],
  ])('an IP literal (%s) is refused without a lookup', async (_spelling, endpoint) => {
    const resolve = resolverOf({});
    const r = await checkEndpoint(endpoint, STRICT, resolve);
    expect(r).toMatchObject({ ok: false, lasting: true });
    expect(r.ok || r.reason).toMatch(/must name a host, not an IP address/);
    expect(resolve.asked).toEqual([]);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x', /https on port 443/],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x', /https on port 443/],
    ['a name outside the list', 'https://push.example.net/x', /not a browser push service/],
    [
      'a name that only ends like one',
      'https://evilfcm.googleapis.com.example.net/x',
      /not a browser push service/,
    ],
    ['the list with a trailing dot', 'https://fcm.googleapis.com./fcm/send/x', /not a plain host name/],
    ['user info', 'https://u:p@fcm.googleapis.com/fcm/send/x', /not a plain host name/],
  ])('%s is refused', async (_what, endpoint, reason) => {
    const r = await checkEndpoint(endpoint, STRICT, resolverOf(PUBLIC));
    expect(r.ok).toBe(false);
    expect(r.ok || r.reason).toMatch(reason);
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['a private address', ['10.0.0.7']],
    ['cloud metadata', ['169.254.169.254']],
    ['carrier-grade NAT', ['100.64.0.1']],
    ['IPv6 loopback', ['::1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['NAT64 of a private address', ['64:ff9b::a00:7']],
    ['unique local IPv6', ['fd00::2']],
    ['one private among public ones', ['142.250.0.10', '192.168.1.1']],
    ['nothing', []],
  ])('a push service name resolving to %s is refused', async (_what, addresses) => {
    const r = await checkEndpoint(
      'https://fcm.googleapis.com/fcm/send/x',
      STRICT,
      resolverOf({ 'fcm.googleapis.com': addresses }),
    );
    expect(r).toMatchObject({ ok: false, lasting: false });
  });

  it("a browser's push service resolving to public addresses is accepted, with those addresses", async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ]) {
      const r = await checkEndpoint(endpoint, STRICT, resolverOf(PUBLIC));
      expect(r.ok && r.addresses.map((a) => a.address)).toEqual(PUBLIC['fcm.googleapis.com']);
    }
  });

  it('the test-only setting opens this machine, and only it', async () => {
    const LOCAL = { ...STRICT, allowLocal: true };
    const resolve = resolverOf({ localhost: ['127.0.0.1', '::1'], 'lan.example': ['192.168.1.5'] });
    expect((await checkEndpoint('http://localhost:8123/notify/x', LOCAL, resolve)).ok).toBe(true);
    expect((await checkEndpoint('http://lan.example:8123/notify/x', LOCAL, resolve)).ok).toBe(false);
    expect((await checkEndpoint('http://127.0.0.1:8123/notify/x', LOCAL, resolve)).ok).toBe(false);
    // Without it, this machine is refused like any other address that is not public.
    expect((await checkEndpoint('http://localhost:8123/notify/x', STRICT, resolve)).ok).toBe(false);
  });

  it('a domain rule with a star covers names under it, not the bare suffix', () => {
    expect(isPushServiceHost('wns2-by3p.notify.windows.com', DEFAULT_PUSH_SERVICE_DOMAINS)).toBe(true);
    expect(isPushServiceHost('web.push.apple.com', DEFAULT_PUSH_SERVICE_DOMAINS)).toBe(true);
    expect(isPushServiceHost('notify.windows.com', DEFAULT_PUSH_SERVICE_DOMAINS)).toBe(false);
    expect(isPushServiceHost('evilnotify.windows.com', DEFAULT_PUSH_SERVICE_DOMAINS)).toBe(false);
  });

  it.each([
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'not public'],
    ['::', 'not public'],
    ['224.0.0.1', 'not public'],
    ['ff02::1', 'not public'],
    ['fe80::1', 'not public'],
    ['2001:db8::1', 'not public'],
    ['2002:a00:1::1', 'not public'],
    ['::ffff:169.254.169.254', 'not public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});
