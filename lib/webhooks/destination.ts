import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may be delivered: no server-side request forgery (README "Webhooks"). A URL's
 * host is resolved, and refused when any of its addresses is loopback, private, link-local,
 * the cloud metadata address or otherwise not a public unicast address, unless its
 * `host[:port]` is in WEBHOOK_ALLOWED_HOSTS. It is checked at creation and again before each
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
  ["reserved (NAT64, which may reach any IPv4 address)", "64:ff9b::", 96, "ipv6"],
  ["reserved (documentation)", "2001:db8::", 32, "ipv6"],
];

const refusedLists = refusedRanges.map(([kind, address, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return { kind, list, family };
});

/** `::ffff:a.b.c.d` and `::ffff:xxxx:yyyy` as the IPv4 address they map. */
function unmapped(address: string): { address: string; family: "ipv4" | "ipv6" } {
  if (isIP(address) === 4) return { address, family: "ipv4" };
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return { address: dotted[1]!, family: "ipv4" };
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join("."), family: "ipv4" };
  }
  return { address, family: "ipv6" };
}

/** What kind of address an IP address is, when a webhook may not reach it; undefined for a public one. */
export function refusedAddressKind(address: string): string | undefined {
  const ip = unmapped(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  if (isIP(ip.address) === 0) return "not an IP address";
  return refusedLists.find(({ list, family }) => family === ip.family && list.check(ip.address, family))?.kind;
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
      throw new DestinationError(`its host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new DestinationError(`its host ${host} could not be resolved`);
  }
  if (!isAllowedHost(url, allowedHosts)) {
    for (const { address } of addresses) {
      const kind = refusedAddressKind(address);
      if (kind) throw new DestinationError(`resolves to ${address}, which is ${kind}: webhooks reach public addresses only (README "Webhooks", WEBHOOK_ALLOWED_HOSTS)`);
    }
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
