import { isIP } from 'node:net';

/** [first address as bigint, prefix length, reason] for IPv4 ranges that are not globally routable. */
const V4_BLOCKED: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Reason(ip: string): string | null {
  const value = v4ToInt(ip);
  for (const [base, bits, reason] of V4_BLOCKED) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (value >= start && value < start + size) return reason;
  }
  return null;
}

/** The 8 groups of an IPv6 address (embedded dotted IPv4 tails included). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g || '0', 16));
}

function embeddedV4(groups: number[], at: number): string {
  const hi = groups[at];
  const lo = groups[at + 1];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

function v6Reason(ip: string): string | null {
  const g = v6Groups(ip);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated): judge the IPv4 inside.
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Reason(embeddedV4(g, 6));
  if (zeroUpTo(6)) return v4Reason(embeddedV4(g, 6)) ?? 'IPv4-compatible';
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return 'IPv4-translated';
  if (g[0] === 0x64 && g[1] === 0xff9b) return v4Reason(embeddedV4(g, 6)) ?? null; // NAT64 to a public v4
  if (g[0] === 0x2002) return v4Reason(embeddedV4(g, 1)) ?? null; // 6to4 of a public v4
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x2001 && g[1] < 0x0200) return 'IETF special purpose (Teredo, ORCHID, benchmarking)';
  // Everything else outside 2000::/3 is unassigned or special.
  if ((g[0] & 0xe000) !== 0x2000) return 'not global unicast';
  return null;
}

/**
 * Why an IP address is not a public internet address (loopback, private, link-local, CGNAT,
 * multicast, unspecified, mapped forms of those, other special ranges), or null when it is public.
 * A string that is not an IP literal answers 'not an IP address'.
 */
export function nonPublicAddressReason(ip: string): string | null {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return v4Reason(ip);
  if (family === 6) return v6Reason(ip);
  return 'not an IP address';
}
