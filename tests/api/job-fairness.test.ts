// One account's slow endpoints do not stall another account's background work (README
// "Background jobs"): an account with five webhooks whose every request a local receiver holds
// open until the test lets it go, and more deliveries due than the deliveries lane has slots,
// while another account's test event is delivered and its recap written. The receiver listens on
// the third port of 127.0.0.1 that the `webhooks` server's WEBHOOK_ALLOWED_HOSTS names.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey } from "../support/accounts";
import { allowedPort, startReceiver, type Receiver } from "../support/receiver";

/** Deliveries of one account leased at once in a lane (JOB_CONCURRENCY_PER_ACCOUNT's default), below the lane's 5 slots. */
const ACCOUNT_SHARE = 3;
const SLOW_WEBHOOKS = 5;
const SLOW_ENTRIES = 2;

let server: TestServer;
let receiver: Receiver;
let origin: string;

/** The requests to /slow/… held open until `release`, and answered at once after it; those that the server closed first are counted as dropped. */
const held = new Set<ServerResponse>();
let holding = true;
let dropped = 0;
let heldChanged: () => void = () => {};
const quick: { path: string; webhookId: string }[] = [];

function whenHeld(count: number): Promise<void> {
  return new Promise((resolve) => {
    heldChanged = () => {
      if (held.size >= count) resolve();
    };
    heldChanged();
  });
}

function release() {
  holding = false;
  for (const response of held) response.writeHead(200, { "content-type": "text/plain" }).end("finally");
  held.clear();
}

beforeAll(async () => {
  server = await sharedServer("webhooks");
  receiver = await startReceiver({
    port: allowedPort(server, 2),
    answer(request, response) {
      if (request.path.startsWith("/slow/") && holding) {
        held.add(response);
        response.on("close", () => {
          if (held.delete(response)) dropped++;
        });
        heldChanged();
      } else {
        quick.push({ path: request.path, webhookId: String(request.headers["webhook-id"]) });
        response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }
    },
  });
  origin = receiver.origin;
});

afterAll(async () => {
  release();
  await receiver?.close();
});

/** Polls `read` until `done` holds of what it answers: the server's worker runs the jobs. */
async function until<Value>(read: () => Promise<Value>, done: (value: Value) => boolean, what: string): Promise<Value> {
  for (let poll = 0; poll < 400; poll++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not happen`);
}

type Attempt = { event_id: string; status: number | null };

describe("one account's slow endpoints", () => {
  it("hold no more than the account's share of the deliveries, while another account's test event and recap complete", async () => {
    const slowKey = await newKey(server, { scopes: ["user:write", "worklog:write", "worklog:read"] });
    const slowWebhooks: { id: string; url: string }[] = [];
    for (let n = 0; n < SLOW_WEBHOOKS; n++) {
      slowWebhooks.push(
        await json(
          await server.request("/api/v1/webhooks", { method: "POST", key: slowKey, body: { endpoint_url: `${origin}/slow/${n}`, events: ["entry.created"] } }),
          201,
        ),
      );
    }
    for (let n = 0; n < SLOW_ENTRIES; n++) {
      await json(await server.request("/api/v1/worklog/entries", { method: "POST", key: slowKey, body: { content: `Slow news ${n}` } }), 201);
    }
    // Ten deliveries due, twice the lane's slots: the account gets its share of them at once, and no more.
    await whenHeld(ACCOUNT_SHARE);

    const otherKey = await newKey(server, { scopes: ["user:write", "worklog:write", "worklog:read"] });
    const webhook = await json(
      await server.request("/api/v1/webhooks", { method: "POST", key: otherKey, body: { endpoint_url: `${origin}/quick`, events: ["entry.created"] } }),
      201,
    );
    await json(
      await server.request("/api/v1/worklog/entries", {
        method: "POST",
        key: otherKey,
        body: { content: "Reviewed the queue", recorded_at: "2026-11-20T10:00:00Z" },
      }),
      201,
    );
    const { event_id: eventId } = await json(await server.request(`${webhook.url}/test`, { method: "POST", key: otherKey }), 202);
    const recap = await json(
      await server.request("/api/v1/worklog/recaps", { method: "POST", key: otherKey, body: { from: "2026-11-20", to: "2026-11-20", template: "standup" } }),
      201,
    );

    const { attempts } = await until(
      async () => json(await server.request(webhook.url, { key: otherKey }), 200) as Promise<{ attempts: Attempt[] }>,
      ({ attempts }) => attempts.some((attempt) => attempt.event_id === eventId),
      "the other account's test delivery",
    );
    expect(attempts.find((attempt) => attempt.event_id === eventId)).toMatchObject({ status: 200 });
    const written = await until(
      async () => json(await server.request(recap.url, { key: otherKey }), 200) as Promise<{ status: string }>,
      ({ status }) => status !== "processing",
      "the other account's recap",
    );
    expect(written.status).toBe("completed");

    // All of it while every slow request was still held, and no more of them than the account's share.
    expect({ held: held.size, dropped }).toEqual({ held: ACCOUNT_SHARE, dropped: 0 });
    expect(quick.filter((request) => request.path === "/quick").map((request) => request.webhookId)).toContain(eventId);

    release();
    for (const slow of slowWebhooks) {
      const logged = await until(
        async () => json(await server.request(slow.url, { key: slowKey }), 200) as Promise<{ attempts: Attempt[] }>,
        ({ attempts }) => attempts.length >= SLOW_ENTRIES,
        `the deliveries to ${slow.url}`,
      );
      expect(logged.attempts.map((attempt) => attempt.status)).toEqual(Array(SLOW_ENTRIES).fill(200));
    }
  });
});
