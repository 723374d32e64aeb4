import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Destination } from "./destination";

/** How long a delivery may take, from connecting to the end of the answer's headers and excerpt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The bytes of an answer's body kept for the log; the rest is not read. */
export const EXCERPT_BYTES = 1_024;

export type SendResult = { status: number; excerpt: string };

/** A DNS lookup that answers the checked destination's address, whatever the host's DNS answers now. */
export function pinnedLookup({ address, family }: Destination): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Node's request function for the URL's scheme. */
export const requestOf = (url: URL) => (url.protocol === "https:" ? https : http).request;

/**
 * Posts `body` to the checked destination, connecting to the address that was checked whatever
 * DNS answers now (the host still names the request and, over TLS, the certificate checked).
 * A redirect is an answer like any other, never followed.
 */
export function sendTo(destination: Destination, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<SendResult> {
  const { url } = destination;
  const pinned = pinnedLookup(destination);
  const request = requestOf(url);
  return new Promise<SendResult>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)), "user-agent": "Worklog-Webhooks/1" },
        lookup: pinned,
        signal: AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        const finish = () => {
          response.destroy();
          resolve({ status: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8") });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= EXCERPT_BYTES) finish();
        });
        response.on("end", finish);
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
