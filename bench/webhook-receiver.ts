// The receiver of `npm run bench:webhooks`, a process of its own (forked, IPC): a plain Node
// http server that answers every delivery 204 and counts them by `webhook-id`. It keeps one
// delivery in `SAMPLE_EVERY` whole (headers and body), for the benchmark to verify their
// signatures; the benchmark asks for what it counted with a message `"count"`, and `"reset"`
// forgets it all.
import http from "node:http";

const SAMPLE_EVERY = 50;

export type SampledDelivery = { headers: Record<string, string>; body: string };

export type ReceiverCount = {
  received: number;
  /** Deliveries by `webhook-id`. */
  byId: Record<string, number>;
  /** Date.now() at the first and the latest delivery received. */
  firstAt: number | null;
  lastAt: number | null;
  samples: SampledDelivery[];
};

let count: ReceiverCount;
const reset = () => (count = { received: 0, byId: {}, firstAt: null, lastAt: null, samples: [] });
reset();

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const id = String(request.headers["webhook-id"]);
    const now = Date.now();
    count.firstAt ??= now;
    count.lastAt = now;
    if (count.received++ % SAMPLE_EVERY === 0) {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      count.samples.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
    }
    count.byId[id] = (count.byId[id] ?? 0) + 1;
    response.writeHead(204).end();
  });
});

process.on("message", (message) => {
  if (message === "count") process.send!({ count });
  else if (message === "reset") {
    reset();
    process.send!({ reset: true });
  }
});
process.on("disconnect", () => process.exit(0));
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
