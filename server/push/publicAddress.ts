import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an address a push-service name resolved to may be connected to: public unicast only.
 * Pure, so the table of ranges is tested as data (publicAddress.test.ts).
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and its updates). */
const NOT_PUBLIC_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

const notPublicV4 = new BlockList();
for (const [net, bits] of NOT_PUBLIC_V4) notPublicV4.addSubnet(net, bits, 'ipv4');

/** The 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail), or null. */
export function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  let tail: number[] = [];
  let head = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail = dotted[1].split('.').map(Number);
    head = text.slice(0, -dotted[1].length);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, null];
  const words = (s: string) => (s ? s.split(':').filter((w) => w !== '') : []);
  const l = words(left).map((w) => parseInt(w, 16));
  const r = right === null ? [] : words(right).map((w) => parseInt(w, 16));
  const tailWords = tail.length ? [(tail[0] << 8) | tail[1], (tail[2] << 8) | tail[3]] : [];
  const missing = 8 - l.length - r.length - tailWords.length;
  if (missing < 0 || (right === null && missing !== 0)) return null;
  const all = [...l, ...Array<number>(right === null ? 0 : missing).fill(0), ...r, ...tailWords];
  if (all.length !== 8) return null;
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

const v4Of = (b: number[], at: number) => b.slice(at, at + 4).join('.');
const startsWith = (b: number[], prefix: number[]) => prefix.every((x, i) => b[i] === x);

/**
 * The IPv4 address an IPv6 one stands for, when it only carries one: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedV4(b: number[]): string | null {
  const zeros10 = b.slice(0, 10).every((x) => x === 0);
  if (zeros10 && b[10] === 0xff && b[11] === 0xff) return v4Of(b, 12);
  if (zeros10 && b[10] === 0 && b[11] === 0) return v4Of(b, 12);
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return v4Of(b, 12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4Of(b, 2);
  return null;
}

/** What kind of address it is, for the push rules: the public internet, this machine, or neither. */
export type AddressKind = 'public' | 'loopback' | 'not public';

export function addressKind(address: string): AddressKind {
  if (isIPv4(address)) {
    if (LOOPBACK_V4.check(address, 'ipv4')) return 'loopback';
    return notPublicV4.check(address, 'ipv4') ? 'not public' : 'public';
  }
  const b = ipv6Bytes(address);
  if (!b) return 'not public';
  if (b.slice(0, 15).every((x) => x === 0)) return b[15] === 1 ? 'loopback' : 'not public';
  const v4 = embeddedV4(b);
  // An address that carries an IPv4 one is as public as that one, and never "this machine".
  if (v4) return addressKind(v4) === 'public' ? 'public' : 'not public';
  // NOTE: only 2000::/3 is global unicast; inside it, Teredo and IETF assignments (2001::/23),
  // documentation (2001:db8::/32) and the local-use NAT64 prefix (64:ff9b:1::/48 is outside 2000::/3).
  if ((b[0] & 0xe0) !== 0x20) return 'not public';
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] < 0x02) return 'not public';
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8])) return 'not public';
  return 'public';
}
