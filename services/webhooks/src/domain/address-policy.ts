import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook may never reach (server-side request forgery): loopback, private, link-local (and
 * with it the cloud metadata address 169.254.169.254), CGNAT, "this network", benchmarking, documentation,
 * multicast and reserved ranges, and their IPv6 equivalents (unique-local, link-local, site-local,
 * multicast, documentation, discard). IPv6 forms that embed an IPv4 address (mapped `::ffff:a.b.c.d`,
 * compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by the IPv4 address inside.
 */
const V4_BLOCKED: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const V6_BLOCKED: readonly [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2001::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const v4 = new BlockList();
for (const [net, prefix] of V4_BLOCKED) v4.addSubnet(net, prefix, "ipv4");
const v6 = new BlockList();
for (const [net, prefix] of V6_BLOCKED) v6.addSubnet(net, prefix, "ipv6");

/** Why an address is refused, or undefined when it is a public unicast address. */
export function refusedAddress(address: string): string | undefined {
  const unbracketed = address.replace(/^\[|\]$/g, "");
  const family = isIP(unbracketed);
  if (family === 4)
    return v4.check(unbracketed, "ipv4") ? `${unbracketed} is not a public address` : undefined;
  if (family !== 6) return `${address} is not an IP address`;
  const groups = expandV6(unbracketed);
  const embedded = embeddedV4(groups);
  if (embedded !== undefined)
    return v4.check(embedded, "ipv4") || embedded === "0.0.0.0"
      ? `${unbracketed} embeds ${embedded}, which is not a public address`
      : undefined;
  return v6.check(unbracketed, "ipv6") ? `${unbracketed} is not a public address` : undefined;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part folded in). */
function expandV6(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = (dotted[1] as string).split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

const dottedOf = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function embeddedV4(g: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; not :: and ::1, judged as IPv6)
  if (zeroTo(5) && g5 === 0xffff) return dottedOf(g6, g7);
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return dottedOf(g6, g7);
  // 64:ff9b::a.b.c.d (NAT64)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return dottedOf(g6, g7);
  // 2002:aabb:ccdd::/48 (6to4)
  if (g0 === 0x2002) return dottedOf(g1 ?? 0, g2 ?? 0);
  return undefined;
}
