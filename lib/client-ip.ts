import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { getConfig } from "@/lib/config";

/** The bucket of requests whose address cannot be told: they share one, rather than choose their own. */
const UNKNOWN = "unknown";

const holder = globalThis as typeof globalThis & { __worklogPeerAddressRecorded?: boolean };

/**
 * Appends each connection's own address to `x-forwarded-for`, as a reverse proxy does, before
 * Next.js sees the request: route handlers get no socket, and Next.js only fills the header in
 * when the client sent none, so without this the client would choose its address. Called once
 * from instrumentation.ts, which runs before the server takes requests.
 */
export function recordPeerAddresses(): void {
  if (holder.__worklogPeerAddressRecorded) return;
  subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage };
    const forwarded = request.headers["x-forwarded-for"];
    request.headers["x-forwarded-for"] = [forwarded, request.socket.remoteAddress ?? UNKNOWN].filter(Boolean).join(", ");
  });
  holder.__worklogPeerAddressRecorded = true;
}

const firstOf = (value: string | null) => value?.split(",")[0]?.trim() || undefined;

/**
 * The client's address (README.md, "Security"): on Vercel its own header, which a client
 * cannot set; elsewhere the entry `TRUSTED_PROXY_COUNT` hops from the right of
 * `x-forwarded-for`, whose last entry is the connection's own address.
 */
export function clientIp(headers: Headers): string {
  const { onVercel, trustedProxyCount } = getConfig();
  if (onVercel) return firstOf(headers.get("x-vercel-forwarded-for")) ?? firstOf(headers.get("x-real-ip")) ?? UNKNOWN;
  if (!holder.__worklogPeerAddressRecorded) return UNKNOWN;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // A chain shorter than the proxies configured did not come through all of them: its farthest entry is the one we know.
  return hops[Math.max(0, hops.length - 1 - trustedProxyCount)] ?? UNKNOWN;
}
