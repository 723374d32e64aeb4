// Recap schedules (docs/api.md, "Recap schedules"): the API that manages them, the URLs they may
// not reach, and "Run now" as the server's own worker runs it, to a receiver on the second port of
// 127.0.0.1 that the `webhooks` server's WEBHOOK_ALLOWED_HOSTS names (server-configs.ts): a Slack
// message in mrkdwn, and a webhook's `recap.scheduled` event checked with the Standard Webhooks library.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newAccount } from "../support/accounts";
import { allowedPort, startReceiver, type Receiver, type Received } from "../support/receiver";
import { lastWorkingDayBefore } from "@/lib/recaps/periods";

type Schedule = {
  id: string;
  url: string;
  template: string;
  period: string;
  weekdays: number[];
  time: string;
  time_zone: string;
  destination: { kind: string; webhook_id: string | null; url: string | null };
  enabled: boolean;
  next_run_at: string | null;
  last_run_status: string | null;
  last_run_error: string | null;
  last_recap_id: string | null;
};

let server: TestServer;
let receiver: Receiver;
let origin: string;
const received: Received[] = [];

beforeAll(async () => {
  server = await sharedServer("webhooks");
  receiver = await startReceiver({
    port: allowedPort(server, 1),
    answer(request, response) {
      received.push(request);
      if (request.path === "/slack-nul") response.writeHead(500, { "content-type": "text/plain" }).end("broken\u0000down");
      else response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    },
  });
  origin = receiver.origin;
});

afterAll(async () => {
  await receiver?.close();
});

const scheduleScopes = ["user:write", "worklog:write", "worklog:read"];

const standup = (destination: Record<string, string>) => ({ template: "standup", period: "today", weekdays: [1, 2, 3, 4, 5], time: "09:00", destination });

async function createSchedule(key: string, body: unknown): Promise<Schedule> {
  return json(await server.request("/api/v1/recap_schedules", { method: "POST", key, body }), 201);
}

/** Waits for the server's worker: polls the schedule until its last run is no longer running. */
async function finishedRun(key: string, schedule: Schedule): Promise<Schedule> {
  for (let poll = 0; poll < 300; poll++) {
    const current: Schedule = await json(await server.request(schedule.url, { key }), 200);
    if (current.last_run_status !== "running") return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`schedule ${schedule.id} still runs`);
}

const requestsTo = (path: string) => received.filter((request) => request.path === path);

describe("managing recap schedules", () => {
  it("creates one with its next run in the account's zone, lists, reads, updates and deletes it", async () => {
    const { key } = await newAccount(server, { scopes: scheduleScopes });
    const created = await createSchedule(key, { ...standup({ kind: "slack", url: `${origin}/crud` }), weekdays: [5, 1, 1] });
    expect(created).toMatchObject({
      url: `/api/v1/recap_schedules/${created.id}`,
      template: "standup",
      period: "today",
      weekdays: [1, 5],
      time: "09:00",
      time_zone: "UTC",
      destination: { kind: "slack", webhook_id: null, url: `${origin}/crud` },
      enabled: true,
      last_run_status: null,
    });
    const next = new Date(created.next_run_at!);
    expect([1, 5]).toContain(next.getUTCDay());
    expect(next.toISOString().slice(11)).toBe("09:00:00.000Z");
    expect(next.getTime()).toBeGreaterThan(Date.now());

    const { recap_schedules: list } = await json(await server.request("/api/v1/recap_schedules", { key }), 200);
    expect(list.map((each: Schedule) => each.id)).toEqual([created.id]);
    expect(await json(await server.request(created.url, { key }), 200)).toEqual(list[0]);

    const updated: Schedule = await json(
      await server.request(created.url, { method: "PUT", key, body: { time: "17:30", enabled: false, period: "last_week" } }),
      200,
    );
    expect(updated).toMatchObject({ time: "17:30", enabled: false, next_run_at: null, period: "last_week", weekdays: [1, 5] });
    const enabled: Schedule = await json(await server.request(created.url, { method: "PUT", key, body: { enabled: true } }), 200);
    expect(enabled.next_run_at!.slice(11)).toBe("17:30:00.000Z");

    expect(await json(await server.request(created.url, { method: "DELETE", key }), 200)).toMatchObject({ id: created.id });
    await json(await server.request(created.url, { key }), 404);
  });

  it("refuses invalid bodies, a loopback URL and another account's webhook; another account's schedules are not found", async () => {
    const { key } = await newAccount(server, { scopes: scheduleScopes });
    const invalid = await json(
      await server.request("/api/v1/recap_schedules", {
        method: "POST",
        key,
        body: { ...standup({ kind: "slack", url: `${origin}/x` }), time: "24:00", weekdays: [7], period: "tomorrow" },
        invalid: true,
      }),
      422,
    );
    expect(invalid.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual(["/period", "/time", "/weekdays/0"]);
    const missing = await json(await server.request("/api/v1/recap_schedules", { method: "POST", key, body: {}, invalid: true }), 422);
    expect(missing.errors.map((error: { detail: string }) => error.detail)).toEqual(
      expect.arrayContaining(["Missing field: template", "Missing field: destination"]),
    );

    // Loopback on a port WEBHOOK_ALLOWED_HOSTS does not name: refused, as a webhook's would be.
    const loopback = await json(
      await server.request("/api/v1/recap_schedules", { method: "POST", key, body: standup({ kind: "slack", url: "http://127.0.0.1:9/hooks" }) }),
      422,
    );
    expect(loopback.errors).toEqual([
      {
        title: "Invalid value",
        detail: expect.stringMatching(/^Refused URL: it resolves to 127\.0\.0\.1, which is loopback/),
        source: { pointer: "/destination/url" },
      },
    ]);
    const metadata = await json(
      await server.request("/api/v1/recap_schedules", { method: "POST", key, body: standup({ kind: "discord", url: "http://169.254.169.254/latest" }) }),
      422,
    );
    expect(metadata.errors[0].source.pointer).toBe("/destination/url");

    const stranger = await newAccount(server, { scopes: scheduleScopes });
    const strangersWebhook = await json(
      await server.request("/api/v1/webhooks", { method: "POST", key: stranger.key, body: { endpoint_url: `${origin}/theirs`, events: ["timer.started"] } }),
      201,
    );
    const foreign = await json(
      await server.request("/api/v1/recap_schedules", { method: "POST", key, body: standup({ kind: "webhook", webhook_id: strangersWebhook.id }) }),
      422,
    );
    expect(foreign.errors).toEqual([{ title: "Invalid value", detail: "Invalid value", source: { pointer: "/destination/webhook_id" } }]);

    const mine = await createSchedule(key, standup({ kind: "discord", url: `${origin}/mine` }));
    for (const [method, path] of [
      ["GET", mine.url],
      ["PUT", mine.url],
      ["DELETE", mine.url],
      ["POST", `${mine.url}/run`],
    ] as const) {
      const response = await server.request(path, { method, key: stranger.key, body: method === "PUT" ? { time: "10:00" } : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await json(await server.request(mine.url, { key }), 200)).toMatchObject({ time: "09:00", last_run_status: null });
  });

  it("requires user:write", async () => {
    const { email } = await newAccount(server, { scopes: scheduleScopes });
    const readOnly = await server.createKey(email, ["user:read", "worklog:read"]);
    const refused = await json(
      await server.request("/api/v1/recap_schedules", { method: "POST", key: readOnly, body: standup({ kind: "slack", url: `${origin}/x` }) }),
      403,
    );
    expect(refused.details).toEqual({ required_scope: "user:write", granted_scopes: ["user:read", "worklog:read"] });
    await json(await server.request("/api/v1/recap_schedules", { key: readOnly }), 403);
  });
});

describe("Run now", () => {
  it("posts the recap to Slack in mrkdwn, with an absolute link that opens it", async () => {
    const { key } = await newAccount(server, { scopes: scheduleScopes });
    await json(await server.request("/api/v1/worklog/entries", { method: "POST", key, body: { content: "Shipped the **schedules** page" } }), 201);
    const schedule = await createSchedule(key, { ...standup({ kind: "slack", url: `${origin}/slack` }), weekdays: [0] });
    const started: Schedule = await json(await server.request(`${schedule.url}/run`, { method: "POST", key }), 202);
    expect(started).toMatchObject({ last_run_status: "running", next_run_at: schedule.next_run_at });

    const ran = await finishedRun(key, schedule);
    expect(ran).toMatchObject({ last_run_status: "delivered", last_run_error: null, next_run_at: schedule.next_run_at });
    const recap = await json(await server.request(`/api/v1/worklog/recaps/${ran.last_recap_id}`, { key }), 200);
    expect(recap).toMatchObject({ status: "completed", template: "standup" });

    const [message] = requestsTo("/slack");
    expect(message!.headers["content-type"]).toBe("application/json");
    const { text } = JSON.parse(message!.body) as { text: string };
    expect(text).toMatch(/^\*Standup \w{3} \d{1,2} \w{3} \d{4}\*\n/);
    expect(text).toContain("• Shipped the *schedules* page");
    expect(text).not.toMatch(/\*\*|^#|^- /m);
    const link = /<(http:\/\/[^/|]+\/r\/[0-9A-Za-z]{22})\|Open the recap>$/.exec(text)?.[1];
    expect(link).toBeDefined();
    const shared = await server.request(new URL(link!).pathname);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain("Shipped the");
  });

  it("posts a team standup to Slack: a section per member of the workspace, and who wrote nothing", async () => {
    // A team of three in one workspace: Alice (the owner) and Bob wrote, Carol did not.
    const [alice, bob, carol] = await Promise.all(["Alice", "Bob", "Carol"].map(async (name) => ({ name, ...(await server.createUser({ plan: "pro" })) })));
    const slug = await server.createWorkspace(alice!.email, "Standup team");
    await server.addMember(slug, bob!.email, "member");
    await server.addMember(slug, carol!.email, "member");
    const keys = await Promise.all(
      [alice!, bob!, carol!].map(async ({ name, email }) => {
        const key = await server.createKey(email, scheduleScopes, "standup key", slug);
        await json(await server.request("/api/v1/user", { method: "PUT", key, body: { name } }), 200);
        return key;
      }),
    );
    const write = async (key: string, body: Record<string, unknown>) =>
      json(await server.request("/api/v1/worklog/entries", { method: "POST", key, body }), 201);
    // Today is the server's: the day of an entry written now, in the accounts' zone (UTC).
    const today = (await write(keys[0]!, { content: "Wrote the **team standup** template" })).recorded_at.slice(0, 10) as string;
    const yesterday = lastWorkingDayBefore(today);
    await write(keys[0]!, { content: "Reviewed the invitations page", recorded_at: `${yesterday}T12:00:00Z` });
    await write(keys[1]!, { content: "Waiting for the staging database", tags: ["blocker"] });

    const schedule = await createSchedule(keys[0]!, { ...standup({ kind: "slack", url: `${origin}/team-slack` }), template: "team_standup" });
    await json(await server.request(`${schedule.url}/run`, { method: "POST", key: keys[0]! }), 202);
    const ran = await finishedRun(keys[0]!, schedule);
    expect(ran).toMatchObject({ last_run_status: "delivered", last_run_error: null });
    const recap = await json(await server.request(`/api/v1/worklog/recaps/${ran.last_recap_id}`, { key: keys[0]! }), 200);
    expect(recap).toMatchObject({ status: "completed", template: "team_standup" });

    const [message] = requestsTo("/team-slack");
    const { text } = JSON.parse(message!.body) as { text: string };
    expect(text).toMatch(/^\*Team standup \w{3} \d{1,2} \w{3} \d{4}\*\n/);
    expect([...text.matchAll(/^\*(Alice|Bob|Carol)\*$/gm)].map(([, name]) => name)).toEqual(["Alice", "Bob", "Carol"]);
    const section = (name: string, next?: string) => text.slice(text.indexOf(`*${name}*`), next ? text.indexOf(`*${next}*`) : undefined);
    expect(section("Alice", "Bob")).toMatch(/\*Yesterday \([^)]+\)\*\n\n• Reviewed the invitations page \(<http:\/\/[^|]+\/\?entry=[0-9a-f-]{36}\|[^>]+>\)/);
    expect(section("Alice", "Bob")).toMatch(/\*Today \([^)]+\)\*\n\n• Wrote the \*team standup\* template \(<http/);
    expect(section("Bob", "Carol")).toMatch(/\*Blockers\*\n\n• Waiting for the staging database \(<http/);
    expect(section("Carol")).toContain("Nothing written since");
    expect(text).toMatch(/\nNo entries since \w+day: Carol\.\n\n<http:\/\/[^|]+\/r\/[0-9A-Za-z]{22}\|Open the recap>$/);
    expect(text).not.toMatch(/\*\*|^#|^- /m);
  });

  it("sends a signed recap.scheduled event to the account's webhook, whatever it subscribes to", async () => {
    const { key } = await newAccount(server, { scopes: scheduleScopes });
    await json(await server.request("/api/v1/worklog/entries", { method: "POST", key, body: { content: "Reviewed the queue" } }), 201);
    const webhook = await json(
      await server.request("/api/v1/webhooks", { method: "POST", key, body: { endpoint_url: `${origin}/event`, events: ["timer.started"] } }),
      201,
    );
    const schedule = await createSchedule(key, { ...standup({ kind: "webhook", webhook_id: webhook.id }), template: "summary" });
    expect(schedule.destination).toEqual({ kind: "webhook", webhook_id: webhook.id, url: null });
    await json(await server.request(`${schedule.url}/run`, { method: "POST", key }), 202);

    const ran = await finishedRun(key, schedule);
    expect(ran).toMatchObject({ last_run_status: "sent", last_run_error: null });
    let delivery: Received | undefined;
    for (let poll = 0; poll < 300 && !delivery; poll++) {
      delivery = requestsTo("/event")[0];
      if (!delivery) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const event = new Webhook(webhook.secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe("recap.scheduled");
    expect(event.data).toMatchObject({ schedule_id: schedule.id, recap: { id: ran.last_recap_id, status: "completed", template: "summary" } });
    expect(event.data.share_url).toMatch(/^http:\/\/[^/]+\/r\/[0-9A-Za-z]{22}$/);
    // The attempt is logged once the receiver has answered.
    let attempts: { type: string; status: number }[] = [];
    for (let poll = 0; poll < 300 && attempts.length === 0; poll++) {
      ({ attempts } = await json(await server.request(`/api/v1/webhooks/${webhook.id}`, { key }), 200));
      if (attempts.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(attempts).toMatchObject([{ type: "recap.scheduled", status: 200 }]);
  });

  it("says why a message was refused when the answer holds a NUL, and retries it", async () => {
    const { key } = await newAccount(server, { scopes: scheduleScopes });
    await json(await server.request("/api/v1/worklog/entries", { method: "POST", key, body: { content: "Fixed the exporter" } }), 201);
    const schedule = await createSchedule(key, standup({ kind: "slack", url: `${origin}/slack-nul` }));
    await json(await server.request(`${schedule.url}/run`, { method: "POST", key }), 202);
    const ran = await finishedRun(key, schedule);
    expect(ran).toMatchObject({ last_run_status: "retrying", last_run_error: "Answered 500: brokendown" });
    expect(requestsTo("/slack-nul")).toHaveLength(1);
  });

  it("fails, sending nothing, when no entry falls in the period", async () => {
    const { key } = await newAccount(server, { scopes: scheduleScopes });
    const schedule = await createSchedule(key, standup({ kind: "discord", url: `${origin}/empty` }));
    await json(await server.request(`${schedule.url}/run`, { method: "POST", key }), 202);
    const ran = await finishedRun(key, schedule);
    expect(ran).toMatchObject({ last_run_status: "failed", last_run_error: "No worklog entries match these filters: nothing was sent", last_recap_id: null });
    expect(requestsTo("/empty")).toEqual([]);
  });
});
