import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may be delivered: no server-side request forgery (README "Webhooks"). A URL's
 * host is resolved, and refused when any of its addresses is loopback, private, link-local,
 * the cloud metadata address or otherwise not a public unicast address (an IPv6 address that
 * carries an IPv4 address, also by that one), unless its `host[:port]` is in WEBHOOK_ALLOWED_HOSTS. It is checked at creation and again before each
 * delivery, which connects to the address checked (lib/webhooks/send.ts), so that DNS cannot
 * change between the check and the connection.
 */

export class DestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DestinationError";
  }
}

/** Each range refused, with what the refusal says of it; the first that holds an address names it. */
const refusedRanges: [kind: string, address: string, prefix: number, family: "ipv4" | "ipv6"][] = [
  ["the metadata address", "169.254.169.254", 32, "ipv4"],
  ["unspecified", "0.0.0.0", 8, "ipv4"],
  ["loopback", "127.0.0.0", 8, "ipv4"],
  ["private", "10.0.0.0", 8, "ipv4"],
  ["private", "172.16.0.0", 12, "ipv4"],
  ["private", "192.168.0.0", 16, "ipv4"],
  ["private (shared address space)", "100.64.0.0", 10, "ipv4"],
  ["link-local", "169.254.0.0", 16, "ipv4"],
  ["reserved", "192.0.0.0", 24, "ipv4"],
  ["reserved (documentation)", "192.0.2.0", 24, "ipv4"],
  ["reserved (benchmarking)", "198.18.0.0", 15, "ipv4"],
  ["reserved (documentation)", "198.51.100.0", 24, "ipv4"],
  ["reserved (documentation)", "203.0.113.0", 24, "ipv4"],
  ["multicast", "224.0.0.0", 4, "ipv4"],
  ["reserved", "240.0.0.0", 4, "ipv4"],
  ["unspecified", "::", 128, "ipv6"],
  ["loopback", "::1", 128, "ipv6"],
  ["private", "fc00::", 7, "ipv6"],
  ["link-local", "fe80::", 10, "ipv6"],
  ["the metadata address", "fd00:ec2::254", 128, "ipv6"],
  ["multicast", "ff00::", 8, "ipv6"],
  ["reserved (documentation)", "2001:db8::", 32, "ipv6"],
];

const refusedLists = refusedRanges.map(([kind, address, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return { kind, list, family };
});

/** The kind of refused range that holds the address, of the family given. */
const kindOf = (address: string, family: "ipv4" | "ipv6") => refusedLists.find((range) => range.family === family && range.list.check(address, family))?.kind;

/** An IPv6 address's 16 bytes: `::` expanded, a dotted quad at its end read as its last four. */
function ipv6Bytes(address: string): number[] {
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = quad ? `${address.slice(0, quad.index)}${((+quad[1]! << 8) | +quad[2]!).toString(16)}:${((+quad[3]! << 8) | +quad[4]!).toString(16)}` : address;
  const [head, tail] = hex.split("::").map((part) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []));
  const groups = tail ? [...head!, ...Array<number>(8 - head!.length - tail.length).fill(0), ...tail] : head!;
  return groups.flatMap((group) => [group >> 8, group & 255]);
}

const lastFour = [12, 13, 14, 15];

/**
 * The IPv6 forms that carry an IPv4 address, which a gateway (a NAT64 or 6to4 relay, a Teredo
 * relay) or the host's own stack may reach: where in the 16 bytes it sits, and whether its bits are
 * inverted. A local-use NAT64 prefix (RFC 8215) may be 48 to 96 bits long (RFC 6052), so each place
 * its address may take is judged.
 */
const embeddings = (
  [
    ["::ffff:0:0", 96, [lastFour]], // IPv4-mapped
    ["::ffff:0:0:0", 96, [lastFour]], // IPv4-translated
    ["::", 96, [lastFour]], // IPv4-compatible
    ["64:ff9b::", 96, [lastFour]], // NAT64, its well-known prefix
    ["64:ff9b:1::", 48, [lastFour, [9, 10, 11, 12], [7, 9, 10, 11], [6, 7, 9, 10]]], // NAT64, local use
    ["2002::", 16, [[2, 3, 4, 5]]], // 6to4
    ["2001::", 32, [lastFour], true], // Teredo: its client's address, inverted
  ] as const
).map(([prefix, length, places, inverted = false]) => {
  const list = new BlockList();
  list.addSubnet(prefix, length, "ipv6");
  return { list, places, inverted };
});

/** Every IPv4 address an IPv6 address may stand for. */
function embeddedIpv4(address: string): string[] {
  const bytes = ipv6Bytes(address);
  return embeddings
    .filter(({ list }) => list.check(address, "ipv6"))
    .flatMap(({ places, inverted }) => places.map((place) => place.map((index) => (inverted ? 255 - bytes[index]! : bytes[index]!)).join(".")));
}

/**
 * What kind of address an IP address is, when a webhook may not reach it; undefined for a public
 * one. An IPv6 address that carries an IPv4 address is judged by that one too.
 */
export function refusedAddressKind(address: string): string | undefined {
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(ip);
  if (family === 0) return "not an IP address";
  if (family === 4) return kindOf(ip, "ipv4");
  return (
    kindOf(ip, "ipv6") ??
    embeddedIpv4(ip)
      .map((ipv4) => kindOf(ipv4, "ipv4"))
      .find((kind) => kind !== undefined)
  );
}

/** A checked destination: the URL and the address its delivery connects to. */
export type Destination = { url: URL; address: string; family: 4 | 6 };

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true });

export const MAX_URL_LENGTH = 2_000;

/** The URL parsed and checked for its form alone (scheme, credentials), before any resolution. */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DestinationError("is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new DestinationError("must be an https:// or http:// URL");
  if (url.username || url.password) throw new DestinationError("must not hold a user name or password");
  if (text.length > MAX_URL_LENGTH) throw new DestinationError(`must be at most ${MAX_URL_LENGTH} characters`);
  return url;
}

/** Whether WEBHOOK_ALLOWED_HOSTS names the URL's host, alone (any port) or with its port. */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowedHosts.includes(host) || allowedHosts.includes(`${host}:${port}`);
}

/**
 * Resolves the URL's host and checks every address; answers the first, which the delivery
 * connects to. Throws a DestinationError saying why it is refused.
 */
export async function checkDestination(url: URL, allowedHosts: readonly string[], resolve: Resolver = systemResolver): Promise<Destination> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new DestinationError(`names a host, ${host}, that could not be resolved`);
    }
    if (addresses.length === 0) throw new DestinationError(`names a host, ${host}, that could not be resolved`);
  }
  if (!isAllowedHost(url, allowedHosts)) {
    for (const { address } of addresses) {
      const kind = refusedAddressKind(address);
      if (kind)
        throw new DestinationError(`resolves to ${address}, which is ${kind}: webhooks reach public addresses only (README "Webhooks", WEBHOOK_ALLOWED_HOSTS)`);
    }
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
