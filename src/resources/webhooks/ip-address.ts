// IP addresses for the URL rules (spec 4.11): which are public. Written without node:net because
// the mock's core also runs in a browser (the MSW face); the rules need only parsing and prefixes.
type Range = { bytes: number[]; prefix: number };

/** Private, loopback, link-local, and the other ranges that are no public receiver's address. */
const V4_NOT_PUBLIC = ranges([
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);
// IPv4-mapped addresses (::ffff:a.b.c.d) are judged by the IPv4 rules. IPv4-compatible (::/96, which
// also holds :: and ::1) and NAT64 forms are refused whole: a public receiver is not written that way.
const V6_NOT_PUBLIC = ranges([
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
]);
const V4_LOOPBACK = ranges([['127.0.0.0', 8]]);
const V6_LOOPBACK = ranges([['::1', 128]]);
const V4_MAPPED = ranges([['::ffff:0:0', 96]]);

function ranges(list: [string, number][]): Range[] {
  return list.map(([network, prefix]) => ({ bytes: ipBytes(network)!, prefix }));
}

/** The address as 4 or 16 bytes, or null when it is not an IP address. */
export function ipBytes(text: string): number[] | null {
  return text.includes(':') ? ipv6Bytes(text) : ipv4Bytes(text);
}

function ipv4Bytes(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const bytes = match.slice(1).map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function ipv6Bytes(text: string): number[] | null {
  let address = text
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = ipv4Bytes(dotted[2]!);
    if (!v4) return null;
    address = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function inRange(bytes: number[], { bytes: network, prefix }: Range): boolean {
  if (bytes.length !== network.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const width = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (network[bit / 8]! & mask)) return false;
  }
  return true;
}

function classify(text: string, v4: Range[], v6: Range[]): boolean | null {
  const bytes = ipBytes(text);
  if (!bytes) return null;
  if (bytes.length === 16 && V4_MAPPED.some((range) => inRange(bytes, range))) return v4.some((range) => inRange(bytes.slice(12), range));
  return (bytes.length === 4 ? v4 : v6).some((range) => inRange(bytes, range));
}

export function isIpAddress(text: string): boolean {
  return ipBytes(text) !== null;
}

/** Whether `text` is an IP address outside every non-public range. */
export function isPublicAddress(text: string): boolean {
  return classify(text, V4_NOT_PUBLIC, V6_NOT_PUBLIC) === false;
}

export function isLoopbackAddress(text: string): boolean {
  return classify(text, V4_LOOPBACK, V6_LOOPBACK) === true;
}
