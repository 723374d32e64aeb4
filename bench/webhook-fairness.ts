// (f) of `npm run bench:webhooks`: another account's background work under one account's slow
// webhooks (README "Background jobs"). An account's test event (from `POST /webhooks/{id}/test`
// to its attempt in the log) and a recap (from `POST /worklog/recaps` to `completed`) are timed
// alone, then while an account with 5 webhooks to an endpoint that never answers (this
// process's own receiver, which holds every request until the end) has 2 entries' deliveries
// due, twice the slots of a lane; the ratio of the medians (target ≤ 2).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout } from "node:timers/promises";
import type pg from "pg";
import type { PrivateServer } from "../tests/support/server";
import { createAccount, READ_WRITE_SCOPES } from "./accounts";

const REPEATS = Number(process.env.BENCH_FAIRNESS_REPEATS ?? 3);
const SLOW_WEBHOOKS = 5;
const SLOW_ENTRIES = 2;
const WAIT_MS = 120_000;
export const fairnessTarget = 2;

/** An endpoint that answers nothing until `release`: a request to it holds a delivery for its whole 10 s. */
export async function startSlowReceiver() {
  const held = new Set<http.ServerResponse>();
  let holding = true;
  const server = http.createServer((request, response) => {
    request.resume();
    if (!holding) return void response.writeHead(204).end();
    held.add(response);
    response.on("close", () => held.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    held: () => held.size,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const response of held) response.writeHead(204).end();
      held.clear();
    },
    stop: () => server.close(),
  };
}
export type SlowReceiver = Awaited<ReturnType<typeof startSlowReceiver>>;

async function call<Body>(server: PrivateServer, key: string, path: string, method = "GET", body?: unknown): Promise<Body> {
  const response = await server.request(path, { key, method, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Body;
}

async function until(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`(f): ${what} did not happen within ${WAIT_MS / 1000} s`);
    await setTimeout(20);
  }
}

type Timing = { test_delivery_ms: number; recap_ms: number };

/** One test event and one recap of the account, side by side, each timed from its request to its end. */
async function timeWork(server: PrivateServer, key: string, webhook: { id: string; url: string }): Promise<Timing> {
  const timed = async (work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    return Math.round(performance.now() - started);
  };
  const [testDelivery, recap] = await Promise.all([
    timed(async () => {
      const { event_id: eventId } = await call<{ event_id: string }>(server, key, `${webhook.url}/test`, "POST");
      await until("the test delivery", async () =>
        (await call<{ attempts: { event_id: string }[] }>(server, key, webhook.url)).attempts.some((attempt) => attempt.event_id === eventId),
      );
    }),
    timed(async () => {
      const { url } = await call<{ url: string }>(server, key, "/api/v1/worklog/recaps", "POST", { from: "2026-11-20", to: "2026-11-20", template: "standup" });
      await until("the recap", async () => (await call<{ status: string }>(server, key, url)).status !== "processing");
    }),
  ]);
  return { test_delivery_ms: testDelivery, recap_ms: recap };
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type FairnessMeasurement = {
  alone: Timing;
  under_slow_load: Timing;
  /** Under the slow load ÷ alone, of each (target ≤ fairnessTarget). */
  ratio: { test_delivery: number; recap: number };
  /** Requests the slow endpoint held while the other account's work was timed. */
  slow_requests_held: number;
};

/**
 * (f), on a server whose WEBHOOK_ALLOWED_HOSTS names both receivers. Afterwards the slow
 * endpoints are deleted with their retries (due minutes later), and `drained` waits for the rest.
 */
export async function measureFairness(
  server: PrivateServer,
  database: pg.Client,
  fastUrl: string,
  slow: SlowReceiver,
  drained: () => Promise<unknown>,
): Promise<FairnessMeasurement> {
  const other = await createAccount(server, "fair-other@example.com", [...READ_WRITE_SCOPES, "user:write"]);
  await call(server, other.key, "/api/v1/worklog/entries", "POST", { content: "Reviewed the queue", recorded_at: "2026-11-20T10:00:00Z" });
  const webhook = await call<{ id: string; url: string }>(server, other.key, "/api/v1/webhooks", "POST", {
    endpoint_url: `${fastUrl}/fair`,
    events: ["timer.started"],
  });
  const series = async () => {
    const runs: Timing[] = [];
    for (let n = 0; n < REPEATS; n++) runs.push(await timeWork(server, other.key, webhook));
    return { test_delivery_ms: median(runs.map((run) => run.test_delivery_ms)), recap_ms: median(runs.map((run) => run.recap_ms)) };
  };
  await timeWork(server, other.key, webhook); // a first run, not counted, warms the server's routes up
  const alone = await series();

  const slowAccount = await createAccount(server, "fair-slow@example.com", [...READ_WRITE_SCOPES, "user:write"]);
  slow.hold();
  const slowWebhooks: { id: string; url: string }[] = [];
  for (let n = 0; n < SLOW_WEBHOOKS; n++)
    slowWebhooks.push(await call(server, slowAccount.key, "/api/v1/webhooks", "POST", { endpoint_url: `${slow.url}/${n}`, events: ["entry.created"] }));
  for (let n = 0; n < SLOW_ENTRIES; n++) await call(server, slowAccount.key, "/api/v1/worklog/entries", "POST", { content: `Slow news ${n}` });
  await until("the slow account's deliveries", async () => slow.held() > 0);
  const underSlowLoad = await series();
  const held = slow.held();
  slow.release();
  for (const { url } of slowWebhooks) await call(server, slowAccount.key, url, "DELETE");
  const endpoints = slowWebhooks.map(({ id }) => id);
  await database.query("DELETE FROM jobs WHERE kind = 'webhook.delivery' AND payload->>'endpoint_id' = ANY($1::text[]) AND locked_by IS NULL", [endpoints]);
  await drained();
  const ratio = (loaded: number, was: number) => +(loaded / was).toFixed(2);
  return {
    alone,
    under_slow_load: underSlowLoad,
    ratio: { test_delivery: ratio(underSlowLoad.test_delivery_ms, alone.test_delivery_ms), recap: ratio(underSlowLoad.recap_ms, alone.recap_ms) },
    slow_requests_held: held,
  };
}
