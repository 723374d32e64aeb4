// A receiving HTTP server on 127.0.0.1 for what the app sends out (webhook deliveries, scheduled
// recaps' messages, a stand-in model's requests): it reads each request whole and lets the test
// keep and answer it.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestServer } from "./server";

/** A request as the receiver read it: `path` is its URL's path and query. */
export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

export type Receiver = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close: () => Promise<void>;
};

/** Listens on `port` of 127.0.0.1 (a free one unless given) and hands `answer` each request once its body has been read. */
export async function startReceiver({ port = 0, answer }: { port?: number; answer: (request: Received, response: ServerResponse) => void }): Promise<Receiver> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      answer({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") }, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The port of 127.0.0.1 that `server`'s WEBHOOK_ALLOWED_HOSTS names at `index`: the `webhooks`
 * server (server-configs.ts) names one for each test file that receives its deliveries.
 */
export function allowedPort(server: TestServer, index: number): number {
  return Number(server.env.WEBHOOK_ALLOWED_HOSTS!.split(",")[index]!.split(":")[1]);
}
