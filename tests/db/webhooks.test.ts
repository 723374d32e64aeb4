// Outbound webhooks on both databases (README "Webhooks"): the outbox the migration's triggers
// write in the transaction of the change, and the delivery jobs (lib/webhooks/delivery-job.ts)
// run by the queue with a fixed clock, so that no test waits for a retry, to a receiver on
// 127.0.0.1 that WEBHOOK_ALLOWED_HOSTS lets them reach.
import { gzipSync } from "node:zlib";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessIn, accessOf, personalRow } from "../support/access";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { jobKinds } from "@/lib/jobs/job-kind";
import { CIRCUIT_FAILURES, CIRCUIT_FIRST_PAUSE_MS } from "@/lib/jobs/circuit";
import { claimJobs } from "@/lib/jobs/claim";
import { runClaimedJob } from "@/lib/jobs/queue";
import type { Clock, Sql } from "@/lib/jobs/sql";
import { FAILING_FOR_MS, KEPT_EVENTS_MS, WEBHOOK_RETRY_DELAYS_MS, webhookDelivery } from "@/lib/webhooks/delivery-job";
import { createWebhook, getWebhookWithAttempts, updateWebhook } from "@/lib/webhooks/endpoints";
import type { WebhookSubscription } from "@/lib/webhooks/events";
import { createEntry } from "@/lib/worklog/entries";
import { startTimer, stopTimer } from "@/lib/worklog/timer";
import { testBackend } from "../support/databases";
import { startReceiver, type Receiver, type Received } from "../support/receiver";
import { rereadConfig } from "../support/config";

const kinds = jobKinds(webhookDelivery);
const LEASE_MS = 30_000;
/** The queue's clock starts once a test has written its changes, whose jobs are due from then on. */
let start = new Date();
const startClock = () => {
  start = new Date();
};
const at =
  (ms: number): Clock =>
  () =>
    new Date(start.getTime() + ms);

const received: Received[] = [];
/** What the receiver answers, by path: a status, or a redirect to its own /ok. */
const answers: Record<string, number> = { "/ok": 204, "/gone": 410, "/fail": 500, "/redirect": 302 };
/** The answers to requests to /held, which wait until the test lets them go; /gzip answers 200 compressed (NUL bytes). */
const held: (() => void)[] = [];
let receiver: Receiver;
let origin: string;

beforeAll(async () => {
  receiver = await startReceiver({
    answer(request, response) {
      received.push(request);
      if (request.path === "/gzip") {
        response.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(gzipSync("answered 200"));
        return;
      }
      if (request.path === "/held") {
        held.push(() => response.writeHead(200).end("answered 200"));
        return;
      }
      const status = answers[request.path] ?? 404;
      response.writeHead(status, status === 302 ? { location: `${origin}/ok` } : { "content-type": "text/plain" });
      response.end(status === 302 ? "" : `answered ${status} ${"x".repeat(2_000)}`);
    },
  });
  origin = receiver.origin;
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
  rereadConfig();
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOWED_HOSTS;
  await receiver.close();
});

beforeEach(() => {
  received.length = 0;
});

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `webhooks-${++accounts}@example.com` } });

async function newEndpoint(events: WebhookSubscription[] = ["entry.created"], path = "/ok") {
  const user = await newUser();
  const endpoint = await createWebhook(await accessOf(user), { endpoint_url: `${origin}${path}`, events });
  return { user, endpoint };
}

const eventsOf = (userId: string) => getDb().webhookEvent.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { type: "asc" }] });
const typesOf = async (userId: string) => (await eventsOf(userId)).map((event) => event.type).sort();
const jobsOf = (endpointId: string) =>
  queryRows<{ id: string; run_at: Date | null; attempts: number; payload: { event_id: string } }>(
    "SELECT id::text, run_at, attempts, payload FROM jobs WHERE kind = 'webhook.delivery' AND payload->>'endpoint_id' = $1 ORDER BY run_at, id",
    [endpointId],
  );

/** Claims and runs the endpoint's due deliveries at `start` plus `ms`, one at a time. */
async function deliverDue(endpointId: string, ms: number) {
  const outcomes: string[] = [];
  for (;;) {
    const ids = (await jobsOf(endpointId)).map((job) => job.id);
    const [job] = ids.length ? await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids, clock: at(ms) }) : [];
    if (!job) return outcomes;
    outcomes.push(await runClaimedJob(job, { kinds, leaseMs: LEASE_MS, clock: at(ms) }));
  }
}

const attemptsOf = (endpointId: string) => getDb().webhookAttempt.findMany({ where: { endpointId }, orderBy: { id: "asc" } });

describe("the outbox", () => {
  it("holds the events of a committed change, and nothing of a rolled-back one", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created", "entry.deleted"]);
    // Read before the transaction: PGlite's one connection would wait for it to end.
    const row = await personalRow(user);
    await expect(
      getDb().$transaction(async (tx) => {
        await tx.worklogEntry.create({ data: { ...row, content: "Rolled back", recordedAt: new Date() } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf(user.id)).toEqual([]);
    expect(await jobsOf(endpoint.id)).toEqual([]);

    const entry = await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Committed", recordedAt: new Date(), tags: ["web"] } });
    const [event] = await eventsOf(user.id);
    expect(event).toMatchObject({
      type: "entry.created",
      resourceId: entry.id,
      data: { id: entry.id, content: "Committed", tags: ["web"], commit_ids: [], project: null },
    });
    expect((await jobsOf(endpoint.id)).map((job) => job.payload)).toEqual([{ event_id: event!.id, endpoint_id: endpoint.id }]);
  });

  it("writes only the types an enabled endpoint subscribes to, `project.*` standing for every project event", async () => {
    const { user, endpoint } = await newEndpoint(["project.*"]);
    const project = await getDb().project.create({ data: { ...(await personalRow(user)), name: "Website", identifier: "WEB" } });
    await getDb().project.update({ where: { id: project.id }, data: { description: "The public site" } });
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Not subscribed", recordedAt: new Date() } });
    await getDb().project.delete({ where: { id: project.id } });
    expect(await typesOf(user.id)).toEqual(["project.created", "project.deleted", "project.updated"]);

    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    await getDb().project.create({ data: { ...(await personalRow(user)), name: "Disabled", identifier: "DIS" } });
    expect(await eventsOf(user.id)).toHaveLength(3);

    const stranger = await newUser();
    await getDb().project.create({ data: { ...(await personalRow(stranger)), name: "No webhooks", identifier: "NOW" } });
    expect(await eventsOf(stranger.id)).toEqual([]);
  });

  it("has the timer's starts and stops, written by hand-written SQL", async () => {
    const { user } = await newEndpoint(["timer.started", "timer.stopped"]);
    const { timer } = await startTimer(await accessOf(user), { content: "Reviewing" }, "web");
    await stopTimer(await accessOf(user), { id: timer.id });
    const events = await eventsOf(user.id);
    expect(events.map((event) => [event.type, event.resourceId, (event.data as { running_user_id: string | null }).running_user_id])).toEqual([
      ["timer.started", timer.id, user.id],
      ["timer.stopped", timer.id, null],
    ]);
  });

  it("lets an account with webhooks be deleted with its rows, which emit nothing then", async () => {
    const { user, endpoint } = await newEndpoint(["entry.deleted", "project.*"]);
    const project = await getDb().project.create({ data: { ...(await personalRow(user)), name: "Website", identifier: "WEB" } });
    await getDb().worklogEntry.create({
      data: { ...(await personalRow(user)), projectId: project.id, content: "Goes with the account", recordedAt: new Date() },
    });
    const jobsBefore = (await jobsOf(endpoint.id)).length;
    await getDb().user.delete({ where: { id: user.id } });
    expect(await getDb().webhookEvent.count({ where: { userId: user.id } })).toBe(0);
    expect(await jobsOf(endpoint.id)).toHaveLength(jobsBefore);
  });
});

describe("an event about an entry", () => {
  /** An owner's workspace showing entries to admins only, a member added by hand, and an endpoint of each for entries and projects. */
  async function sharedWorkspace() {
    const [owner, member] = [await newUser(), await newUser()];
    const ownerAccess = await accessOf(owner);
    const workspaceId = ownerAccess.workspace.id;
    await getDb().workspace.update({ where: { id: workspaceId }, data: { entriesVisibleTo: "admins" } });
    await getDb().membership.create({ data: { workspaceId, userId: member.id, role: "member" } });
    const memberAccess = await accessIn(member, workspaceId);
    const events: WebhookSubscription[] = ["entry.created", "project.created"];
    const ownersEndpoint = await createWebhook(ownerAccess, { endpoint_url: `${origin}/ok`, events });
    const membersEndpoint = await createWebhook(memberAccess, { endpoint_url: `${origin}/ok`, events });
    return { workspaceId, ownerAccess, memberAccess, ownersEndpoint, membersEndpoint };
  }
  const typesQueued = async (endpointId: string) => {
    const eventIds = (await jobsOf(endpointId)).map((job) => job.payload.event_id);
    const events = await getDb().webhookEvent.findMany({ where: { id: { in: eventIds } } });
    return events
      .map((event) => `${event.type} ${(event.data as { content?: string; name?: string }).content ?? (event.data as { name: string }).name}`)
      .sort();
  };

  it("goes only to the endpoints whose creator may read the entry; other events go to every endpoint", async () => {
    const { ownerAccess, memberAccess, ownersEndpoint, membersEndpoint } = await sharedWorkspace();
    await createEntry(ownerAccess, { content: "Owner's entry" }, "api");
    await createEntry(memberAccess, { content: "Member's entry" }, "api");
    await getDb().project.create({ data: { workspaceId: ownerAccess.workspace.id, userId: ownerAccess.user.id, name: "Launch", identifier: "LCH" } });
    expect(await typesQueued(ownersEndpoint.id)).toEqual(["entry.created Member's entry", "entry.created Owner's entry", "project.created Launch"]);
    expect(await typesQueued(membersEndpoint.id)).toEqual(["entry.created Member's entry", "project.created Launch"]);
  });

  it("is not delivered to an endpoint whose creator may no longer read the entry when it is due", async () => {
    const { workspaceId, ownerAccess, membersEndpoint } = await sharedWorkspace();
    await getDb().workspace.update({ where: { id: workspaceId }, data: { entriesVisibleTo: "members" } });
    await createEntry(ownerAccess, { content: "Owner's entry, shown to members at first" }, "api");
    expect(await typesQueued(membersEndpoint.id)).toEqual(["entry.created Owner's entry, shown to members at first"]);
    await getDb().workspace.update({ where: { id: workspaceId }, data: { entriesVisibleTo: "admins" } });
    startClock();
    expect(await deliverDue(membersEndpoint.id, 0)).toEqual(["completed"]);
    expect(received).toEqual([]);
    expect(await attemptsOf(membersEndpoint.id)).toEqual([]);
  });
});

describe("a webhook delivery", () => {
  it("posts `{ type, timestamp, workspace_id, data }`, `data` the API's object, signed for the Standard Webhooks library", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"]);
    // The author's name travels with the entry (migration 20261129050000_entry_author_in_events).
    await getDb().user.update({ where: { id: user.id }, data: { name: "Ada Lovelace" } });
    const entry = await getDb().worklogEntry.create({
      data: { ...(await personalRow(user)), content: "Shipped", recordedAt: new Date("2026-11-20T10:00:00Z"), durationSeconds: 600 },
    });
    startClock();
    expect(await deliverDue(endpoint.id, 0)).toEqual(["completed"]);
    const [request] = received;
    const [event] = await eventsOf(user.id);
    expect(request!.headers["webhook-id"]).toBe(event!.id);
    expect(request!.headers["webhook-timestamp"]).toBe(String(Math.floor(start.getTime() / 1000)));
    const payload = new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(payload).toEqual({
      type: "entry.created",
      timestamp: event!.createdAt.toISOString(),
      workspace_id: entry.workspaceId,
      data: {
        id: entry.id,
        url: `/api/v1/worklog/entries/${entry.id}`,
        content: "Shipped",
        recorded_at: "2026-11-20T10:00:00.000Z",
        duration_seconds: 600,
        tags: [],
        project_id: null,
        project: null,
        commit_ids: [],
        references: [],
        author: { id: user.id, name: "Ada Lovelace" },
        source: "api",
        running: false,
        inserted_at: entry.insertedAt.toISOString(),
        updated_at: entry.updatedAt.toISOString(),
      },
    });
    const [attempt] = await attemptsOf(endpoint.id);
    expect(attempt).toMatchObject({ eventId: event!.id, type: "entry.created", attempt: 1, status: 204, error: null, nextRetryAt: null });
  });

  it("is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h with the same webhook-id, then given up", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/fail");
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Never answered", recordedAt: new Date() } });
    startClock();
    let time = 0;
    expect(await deliverDue(endpoint.id, time)).toEqual(["retrying"]);
    for (const [index, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      expect(await deliverDue(endpoint.id, time + delay - 1)).toEqual([]);
      time += delay;
      expect(await deliverDue(endpoint.id, time)).toEqual([index === WEBHOOK_RETRY_DELAYS_MS.length - 1 ? "completed" : "retrying"]);
    }
    expect(received).toHaveLength(8);
    expect(new Set(received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    const attempts = await attemptsOf(endpoint.id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.error])).toEqual(
      Array.from({ length: 8 }, (_, index) => [index + 1, 500, "Answered 500"]),
    );
    expect(attempts.map((attempt) => attempt.nextRetryAt && attempt.nextRetryAt.getTime() - attempt.attemptedAt.getTime())).toEqual([
      ...WEBHOOK_RETRY_DELAYS_MS,
      null,
    ]);
    expect(attempts[0]!.responseExcerpt).toBe(`answered 500 ${"x".repeat(1_024 - "answered 500 ".length)}`);
    expect(await getDb().webhookEndpoint.findUnique({ where: { id: endpoint.id } })).toMatchObject({ enabled: true, failingSince: at(0)() });
  });

  it("answered 410 Gone disables the endpoint, which receives nothing more", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/gone");
    const row = await personalRow(user);
    await getDb().worklogEntry.createMany({ data: [1, 2].map((n) => ({ ...row, content: `Gone ${n}`, recordedAt: new Date() })) });
    startClock();
    expect(await deliverDue(endpoint.id, 0)).toEqual(["completed", "completed"]);
    expect(received).toHaveLength(1);
    expect(await getDb().webhookEndpoint.findUnique({ where: { id: endpoint.id } })).toMatchObject({
      enabled: false,
      disabledReason: "The endpoint answered 410 Gone",
    });
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "After", recordedAt: new Date() } });
    expect(await jobsOf(endpoint.id)).toEqual([]);
  });

  it("failing for 3 days disables the endpoint, saying why", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/fail");
    const row = await personalRow(user);
    await getDb().worklogEntry.createMany({ data: [1, 2].map((n) => ({ ...row, content: `Failing ${n}`, recordedAt: new Date() })) });
    startClock();
    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: at(-FAILING_FOR_MS + 1)() } });
    expect(await deliverDue(endpoint.id, 0)).toEqual(["retrying", "retrying"]);
    expect(await deliverDue(endpoint.id, 5_000)).toEqual(["completed", "completed"]);
    expect(received).toHaveLength(3);
    const disabled = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(disabled).toMatchObject({ enabled: false, disabledReason: `Every delivery failed for 3 days, since ${at(-FAILING_FOR_MS + 1)().toISOString()}` });
  });

  it("answered 200 with NUL bytes is logged, the NULs left out, and done", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/gzip");
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Compressed", recordedAt: new Date() } });
    startClock();
    expect(await deliverDue(endpoint.id, 0)).toEqual(["completed"]);
    expect(received).toHaveLength(1);
    const [attempt] = await attemptsOf(endpoint.id);
    expect(attempt).toMatchObject({ status: 200, error: null, nextRetryAt: null });
    expect(attempt!.responseExcerpt).not.toContain("\u0000");
    expect(attempt!.responseExcerpt!.length).toBeGreaterThan(0);
  });

  it("answered 2xx is done even when its attempt cannot be logged", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/held");
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Answered, then forgotten", recordedAt: new Date() } });
    startClock();
    const [id] = (await jobsOf(endpoint.id)).map((job) => job.id);
    const [job] = await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [id!], clock: at(0) });
    const outcome = runClaimedJob(job!, { kinds, leaseMs: LEASE_MS, clock: at(0) });
    await expect.poll(() => held.length).toBe(1);
    // Deleting the endpoint while its answer is on the way: the log's row has no endpoint to go with.
    await getDb().webhookEndpoint.delete({ where: { id: endpoint.id } });
    held.shift()!();
    expect(await outcome).toBe("completed");
    expect(await getDb().job.findUnique({ where: { id: id! } })).toBeNull();
    expect(received).toHaveLength(1);
  });

  it(`failing ${CIRCUIT_FAILURES} times in a row pauses the endpoint: its deliveries, new events' too, wait for the pause's end`, async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/fail");
    const row = await personalRow(user);
    await getDb().worklogEntry.createMany({
      data: Array.from({ length: CIRCUIT_FAILURES }, (_, n) => ({ ...row, content: `Failing ${n}`, recordedAt: new Date() })),
    });
    startClock();
    expect(await deliverDue(endpoint.id, 0)).toEqual(Array(CIRCUIT_FAILURES).fill("retrying"));
    const resumesAt = at(CIRCUIT_FIRST_PAUSE_MS)();
    expect(await getWebhookWithAttempts(await accessOf(user), endpoint.id)).toMatchObject({ pausedUntil: resumesAt });
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "While it is paused", recordedAt: new Date() } });
    const waiting = await jobsOf(endpoint.id);
    expect(waiting.map((job) => job.run_at)).toEqual(Array(CIRCUIT_FAILURES + 1).fill(resumesAt));
    expect(waiting.map((job) => job.attempts).sort()).toEqual([0, ...Array(CIRCUIT_FAILURES).fill(1)]);
    expect(await deliverDue(endpoint.id, CIRCUIT_FIRST_PAUSE_MS - 1)).toEqual([]);
    expect(received).toHaveLength(CIRCUIT_FAILURES);

    // A new URL starts afresh: its failures are forgotten.
    await updateWebhook(await accessOf(user), endpoint.id, { endpoint_url: `${origin}/ok` });
    expect(await getWebhookWithAttempts(await accessOf(user), endpoint.id)).toMatchObject({ pausedUntil: null });
  });

  it("follows no redirect, and checks the address again: a URL changed to an internal one is refused", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"], "/redirect");
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Redirected", recordedAt: new Date() } });
    startClock();
    expect(await deliverDue(endpoint.id, 0)).toEqual(["retrying"]);
    expect(received.map((request) => request.path)).toEqual(["/redirect"]);

    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: "http://169.254.169.254/latest/meta-data/" } });
    expect(await deliverDue(endpoint.id, 5_000)).toEqual(["retrying"]);
    expect(received).toHaveLength(1);
    const attempts = await attemptsOf(endpoint.id);
    expect(attempts.map((attempt) => [attempt.status, attempt.error])).toEqual([
      [302, "Answered 302"],
      [
        null,
        'Refused: the URL resolves to 169.254.169.254, which is the metadata address: webhooks reach public addresses only (README "Webhooks", WEBHOOK_ALLOWED_HOSTS)',
      ],
    ]);
  });
});

describe("the account's events", () => {
  it("are forgotten a month after they were made when no log shows them any more", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"]);
    startClock();
    const old = at(-KEPT_EVENTS_MS - 1)();
    const row = await personalRow(user);
    const [forgotten, logged] = await Promise.all(
      ["forgotten", "logged"].map((name) =>
        getDb().webhookEvent.create({ data: { id: crypto.randomUUID(), ...row, type: "entry.created", data: { name }, createdAt: old } }),
      ),
    );
    await getDb().webhookAttempt.create({
      data: { endpointId: endpoint.id, eventId: logged!.id, type: "entry.created", attempt: 1, status: 200, latencyMs: 1, attemptedAt: old },
    });
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "New", recordedAt: new Date() } });
    startClock();
    expect(await deliverDue(endpoint.id, 0)).toEqual(["completed"]);
    const kept = (await eventsOf(user.id)).map((event) => event.id);
    expect(kept).toHaveLength(2);
    expect(kept).toContain(logged!.id);
    expect(kept).not.toContain(forgotten!.id);
  });
});

describe("two workers", () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => Promise.all(pools.map((pool) => pool.end())));

  it("deliver each attempt once", async () => {
    const { user, endpoint } = await newEndpoint(["entry.created"]);
    const row = await personalRow(user);
    await getDb().worklogEntry.createMany({ data: Array.from({ length: 30 }, (_, n) => ({ ...row, content: `Entry ${n}`, recordedAt: new Date() })) });
    startClock();
    const ids = (await jobsOf(endpoint.id)).map((job) => job.id);
    expect(ids).toHaveLength(30);
    let otherSql: Sql | undefined;
    if (testBackend() === "postgres") {
      const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
      pools.push(other);
      otherSql = async (text, values) => (await other.query(text, values)).rows;
    }
    const worker = async (sql: Sql | undefined) => {
      for (;;) {
        const jobs = await claimJobs({ kinds, limit: 3, leaseMs: LEASE_MS, ids, clock: at(0), sql });
        if (jobs.length === 0) return;
        await Promise.all(jobs.map((job) => runClaimedJob(job, { kinds, leaseMs: LEASE_MS, clock: at(0) })));
      }
    };
    await Promise.all([worker(undefined), worker(otherSql)]);
    const deliveredIds = received.map((request) => request.headers["webhook-id"]);
    expect(deliveredIds).toHaveLength(30);
    expect(new Set(deliveredIds).size).toBe(30);
    expect(await attemptsOf(endpoint.id)).toHaveLength(30);
  });
});
